"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { describeSignInError } from "./sign-in-errors";

// Local rather than the API's LoginInput: that one also accepts the OAuth2 `username` form, and a
// person needs "enter your e-mail" rather than a schema message.
const SignInForm = z.object({
  email: z.string().trim().min(1, { message: "enter your e-mail" }).pipe(z.email({ message: "enter a valid e-mail address" })),
  password: z.string().min(1, { message: "enter your password" }),
});
type SignInForm = z.infer<typeof SignInForm>;

export function SignInFormPanel({ callbackUrl, initialError }: { callbackUrl: string; initialError: string | null }) {
  const [error, setError] = useState<string | null>(initialError);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({ resolver: zodResolver(SignInForm), defaultValues: { email: "", password: "" } });

  async function onSubmit(values: SignInForm) {
    setError(null);
    try {
      const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
      if (!result || result.error || !result.ok) {
        // The service's own message comes through: wrong credentials, or the throttling after five failures.
        setError(describeSignInError(result?.error) ?? "sign-in failed; try again");
        return;
      }
      // A full load, so the server renders the back office with the new cookie.
      window.location.assign(callbackUrl);
    } catch {
      setError("the server could not be reached; check the connection and try again");
    }
  }

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign in">
      <ErrorBanner message={error} />
      <Field id="sign-in-email" label="E-mail" error={errors.email?.message}>
        <input id="sign-in-email" type="email" autoComplete="username" autoFocus aria-invalid={Boolean(errors.email)} {...register("email")} />
      </Field>
      <Field id="sign-in-password" label="Password" error={errors.password?.message}>
        <input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={Boolean(errors.password)}
          {...register("password")}
        />
      </Field>
      <Button type="submit" isBusy={isSubmitting}>
        {isSubmitting ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}
