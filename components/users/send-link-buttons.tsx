"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { newestLinkId, type LinkRequest, type LinkTemplate } from "./account-link-notice";
import type { User } from "./types";

/**
 * One row's "send invitation" (POST /auth/users/{id}/invitation) and "send reset link" (POST
 * /auth/password-reset, as the person would ask for it). What became of the e-mail is shown below the
 * table (AccountLinkNotice).
 */
export function SendLinkButtons({
  user,
  canReadNotifications,
  onRequested,
}: {
  user: User;
  canReadNotifications: boolean;
  onRequested: (request: LinkRequest) => void;
}) {
  const t = useTranslations("users.list");
  const [busy, setBusy] = useState<LinkTemplate | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function send(template: LinkTemplate) {
    setBusy(template);
    setError(null);
    try {
      const previousId = canReadNotifications ? await newestLinkId(user.email, template) : null;
      if (template === "auth.invitation")
        await apiFetch(`/api/v1/auth/users/${user.id}/invitation`, { method: "POST" });
      else await apiFetch("/api/v1/auth/password-reset", { method: "POST", body: { email: user.email } });
      onRequested({ email: user.email, template, previousId });
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught.status === 429
            ? t("tooMany")
            : caught.status === 403
              ? t("forbidden")
              : t("failed")
          : t("network"),
      );
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="inline-form">
      <Button
        variant="secondary"
        isBusy={busy === "auth.invitation"}
        disabled={busy !== null}
        onClick={() => send("auth.invitation")}
        aria-label={t("sendInvitationTo", { email: user.email })}
      >
        {t("sendInvitation")}
      </Button>
      <Button
        variant="secondary"
        isBusy={busy === "auth.password_reset"}
        disabled={busy !== null}
        onClick={() => send("auth.password_reset")}
        aria-label={t("sendResetTo", { email: user.email })}
      >
        {t("sendReset")}
      </Button>
      <InlineError message={error} />
    </div>
  );
}
