"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InvalidLink } from "./set-password-form";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";

/**
 * POST /auth/verify-email with the link's token. The person confirms with a button rather than by
 * opening the page: mail scanners that open every link of a message would otherwise use it up.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const t = useTranslations("verifyEmail");
  const [state, setState] = useState<
    | { kind: "idle" | "busy" }
    | { kind: "done"; email: string }
    | { kind: "invalid" }
    | { kind: "error"; message: string }
  >({ kind: "idle" });

  async function confirm() {
    setState({ kind: "busy" });
    try {
      const user = await apiFetch<{ email: string }>("/api/v1/auth/verify-email", { method: "POST", body: { token } });
      setState({ kind: "done", email: user.email });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "invalid_token") setState({ kind: "invalid" });
      else setState({ kind: "error", message: caught instanceof ApiError ? t("errors.failed") : t("errors.network") });
    }
  }

  if (state.kind === "done") {
    return (
      <div className="form">
        <SuccessBanner message={t("done", { email: state.email })} />
        <Link className="button button-primary" href="/portal">
          {t("continue")}
        </Link>
      </div>
    );
  }
  if (state.kind === "invalid") return <InvalidLink kind="verifyEmail" />;
  return (
    <div className="form">
      <ErrorBanner message={state.kind === "error" ? state.message : null} />
      <Button onClick={confirm} isBusy={state.kind === "busy"}>
        {state.kind === "busy" ? t("submitting") : t("submit")}
      </Button>
    </div>
  );
}
