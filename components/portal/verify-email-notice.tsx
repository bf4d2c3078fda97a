"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";

/**
 * What an unverified client sees instead of its cover (trust.md section 1): the service shows a client's
 * records only once the e-mail that links them is proved. It can ask for a new link
 * (POST /auth/verify-email/resend), which voids the earlier ones.
 */
export function VerifyEmailNotice({ email }: { email: string }) {
  const t = useTranslations("portal.verify");
  const [state, setState] = useState<
    { kind: "idle" | "busy" | "sent" | "already" } | { kind: "error"; message: string }
  >({ kind: "idle" });

  async function resend() {
    setState({ kind: "busy" });
    try {
      await apiFetch("/api/v1/auth/verify-email/resend", { method: "POST" });
      setState({ kind: "sent" });
    } catch (caught) {
      if (caught instanceof ApiError && caught.code === "already_verified") setState({ kind: "already" });
      else if (caught instanceof ApiError && caught.status === 429) setState({ kind: "error", message: t("tooMany") });
      else setState({ kind: "error", message: caught instanceof ApiError ? t("failed") : t("network") });
    }
  }

  return (
    <Panel title={t("title")}>
      <p>{t.rich("body", { email, strong: (chunks) => <strong>{chunks}</strong> })}</p>
      <p className="muted">{t("hint")}</p>
      <SuccessBanner
        message={state.kind === "sent" ? t("resent", { email }) : state.kind === "already" ? t("already") : null}
      />
      <ErrorBanner message={state.kind === "error" ? state.message : null} />
      <Button variant="secondary" onClick={resend} isBusy={state.kind === "busy"}>
        {state.kind === "busy" ? t("resending") : t("resend")}
      </Button>
    </Panel>
  );
}
