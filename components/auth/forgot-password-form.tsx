"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { TextField } from "@/components/ui/form-fields";

type ForgotPasswordForm = { email: string };

/** POST /auth/password-reset: the answer is the same for every e-mail, and so is what the page says. */
export function ForgotPasswordFormPanel() {
  const t = useTranslations("forgotPassword");
  const schema = useMemo(
    () =>
      z.object({
        email: z
          .string()
          .trim()
          .min(1, { message: t("errors.emailRequired") })
          .pipe(z.email({ message: t("errors.emailInvalid") })),
      }),
    [t],
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: zodResolver(schema), defaultValues: { email: "" } });

  async function onSubmit({ email }: ForgotPasswordForm) {
    setError(null);
    try {
      await apiFetch("/api/v1/auth/password-reset", { method: "POST", body: { email } });
      setSentTo(email);
    } catch (caught) {
      if (caught instanceof ApiError)
        setError(
          caught.status === 429
            ? t("errors.tooMany")
            : caught.status === 422
              ? t("errors.emailInvalid")
              : t("errors.failed"),
        );
      else setError(t("errors.network"));
    }
  }

  if (sentTo) {
    return (
      <div className="form">
        <SuccessBanner message={t("sent", { email: sentTo })} />
        <p className="auth-links">
          <Link href="/sign-in">{t("backToSignIn")}</Link>
        </p>
      </div>
    );
  }
  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("title")}>
      <ErrorBanner message={error} />
      <TextField
        id="forgot-email"
        label={t("email")}
        error={errors.email?.message}
        type="email"
        autoComplete="username"
        autoFocus
        registration={register("email")}
      />
      <Button type="submit" isBusy={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
      <p className="auth-links">
        <Link href="/sign-in">{t("backToSignIn")}</Link>
      </p>
    </form>
  );
}
