"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { TextField } from "@/components/ui/form-fields";
import { useZodResolver } from "@/components/ui/use-zod-resolver";

type ForgotPasswordForm = { email: string };

/** The e-mail, its problems said in the page's words by their issue codes. */
const ForgotPasswordSchema = z.object({ email: z.string().trim().min(1).pipe(z.email()) });

/** POST /auth/password-reset: the answer is the same for every e-mail, and so is what the page says. */
export function ForgotPasswordFormPanel() {
  const t = useTranslations("forgotPassword");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordForm>({ resolver: useZodResolver(ForgotPasswordSchema), defaultValues: { email: "" } });

  async function onSubmit({ email }: ForgotPasswordForm) {
    setError(null);
    try {
      await apiFetch("/api/v1/auth/password-reset", { method: "POST", body: { email } });
      setSentTo(email);
    } catch (caught) {
      if (!(caught instanceof ApiError)) return setError(t("errors.network"));
      // The service refuses the e-mail itself: said beside the field, and listed in the summary.
      if (caught.status === 422) return setFieldError("email", { type: "server", message: t("errors.emailInvalid") });
      setError(caught.status === 429 ? t("errors.tooMany") : t("errors.failed"));
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
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <TextField
        id="forgot-email"
        label={t("email")}
        error={errors.email && t(errors.email.type === "required" ? "errors.emailRequired" : "errors.emailInvalid")}
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
