"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { ErrorBanner } from "@/components/ui/error-banner";
import { describeSignInError, type SignInErrorKey } from "./sign-in-errors";
import { TextField } from "@/components/ui/form-fields";
import { useZodResolver } from "@/components/ui/use-zod-resolver";

type SignInForm = { email: string; password: string };

// Local rather than the API's LoginInput: that one also accepts the OAuth2 `username` form. Each problem
// is said in the page's words by its issue code ("enter your e-mail" rather than a schema message).
const SignInSchema = z.object({
  email: z.string().trim().min(1).pipe(z.email()),
  password: z.string().min(1),
});

export function SignInFormPanel({
  callbackUrl,
  initialError,
}: {
  callbackUrl: string;
  initialError: SignInErrorKey | null;
}) {
  const t = useTranslations("signIn");
  const [error, setError] = useState<SignInErrorKey | "network" | null>(initialError);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SignInForm>({ resolver: useZodResolver(SignInSchema), defaultValues: { email: "", password: "" } });

  async function onSubmit(values: SignInForm) {
    setError(null);
    try {
      const result = await signIn("credentials", { email: values.email, password: values.password, redirect: false });
      if (!result || result.error || !result.ok) {
        // The service's message comes through and is said in the page's words: wrong credentials, or
        // the throttling after repeated failures.
        setError(describeSignInError(result?.error) ?? "failed");
        return;
      }
      // A full load, so the server renders the back office with the new cookie.
      window.location.assign(callbackUrl);
    } catch {
      setError("network");
    }
  }

  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error ? t(`errors.${error}`) : null} />
      <TextField
        id="sign-in-email"
        label={t("email")}
        error={errors.email && t(errors.email.type === "required" ? "errors.emailRequired" : "errors.emailInvalid")}
        type="email"
        autoComplete="username"
        autoFocus
        registration={register("email")}
      />
      <TextField
        id="sign-in-password"
        label={t("password")}
        error={errors.password && t("errors.passwordRequired")}
        type="password"
        autoComplete="current-password"
        registration={register("password")}
      />
      <Button type="submit" isBusy={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
      <p className="auth-links">
        <Link href="/forgot-password">{t("forgotPassword")}</Link>
      </p>
    </form>
  );
}
