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

type SetPasswordForm = { password: string; confirm: string };

/** The password twice; each problem is said in the page's words by its issue code. */
const SetPasswordSchema = z
  .object({ password: z.string().min(8).max(128), confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: "the two passwords differ",
    path: ["confirm"],
    params: { code: "password_mismatch" },
  });

/**
 * POST /auth/password-reset/confirm with the link's token, for a reset and an invitation alike. A
 * password the service refuses is said beside the field, and the link keeps working; a link that no
 * longer works replaces the form with a way to ask for a new one.
 */
export function SetPasswordFormPanel({ token }: { token: string }) {
  const t = useTranslations("setPassword");
  const [outcome, setOutcome] = useState<"done" | "invalid" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<SetPasswordForm>({
    resolver: useZodResolver(SetPasswordSchema),
    defaultValues: { password: "", confirm: "" },
  });

  async function onSubmit({ password }: SetPasswordForm) {
    setError(null);
    try {
      await apiFetch("/api/v1/auth/password-reset/confirm", { method: "POST", body: { token, password } });
      setOutcome("done");
    } catch (caught) {
      if (!(caught instanceof ApiError)) return setError(t("errors.network"));
      if (caught.code === "invalid_token") return setOutcome("invalid");
      if (caught.code === "weak_password")
        return setFieldError("password", { type: "server", message: t("errors.weak") });
      if (caught.code === "password_reused")
        return setFieldError("password", { type: "server", message: t("errors.reused") });
      if (caught.status === 422) return setFieldError("password", { type: "server", message: t("errors.tooShort") });
      setError(t("errors.failed"));
    }
  }

  if (outcome === "done") {
    return (
      <div className="form">
        <SuccessBanner message={t("done")} />
        <Link className="button button-primary" href="/sign-in">
          {t("signIn")}
        </Link>
      </div>
    );
  }
  if (outcome === "invalid") return <InvalidLink kind="setPassword" />;
  return (
    <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("title")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <TextField
        id="new-password"
        label={t("password")}
        hint={t("hint")}
        error={
          // The service's refusals (weak, reused) arrive worded already; the form's own by their codes.
          errors.password?.type === "server"
            ? errors.password.message
            : errors.password && t(errors.password.type === "too_long" ? "errors.tooLong" : "errors.tooShort")
        }
        type="password"
        autoComplete="new-password"
        autoFocus
        registration={register("password")}
      />
      <TextField
        id="new-password-confirm"
        label={t("confirm")}
        error={errors.confirm && t("errors.mismatch")}
        type="password"
        autoComplete="new-password"
        registration={register("confirm")}
      />
      <Button type="submit" isBusy={isSubmitting}>
        {isSubmitting ? t("submitting") : t("submit")}
      </Button>
    </form>
  );
}

/**
 * A link without a token, or one the service no longer takes, with the way to a new one: the reset form
 * for a password link, the cover page (where a signed-in client asks again) for a verification link.
 */
export function InvalidLink({ isMissing = false, kind }: { isMissing?: boolean; kind: "setPassword" | "verifyEmail" }) {
  const t = useTranslations(kind);
  return (
    <div className="form">
      <div className="banner banner-error" role="alert">
        {isMissing ? t("missingToken") : t("invalidToken")}
      </div>
      <p className="auth-links">
        <Link href={kind === "setPassword" ? "/forgot-password" : "/portal"}>{t("askNew")}</Link>
      </p>
    </div>
  );
}
