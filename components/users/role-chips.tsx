"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { Badge } from "@/components/ui/panel";
import type { User } from "./types";

type HeldRole = User["roles"][number];

const USERS = "/api/v1/auth/users";

/**
 * A user's roles, each with a way to take it away (DELETE /auth/roles/assign) after a confirmation; the
 * service keeps the last active ADMIN (409) and lets only an ADMIN take ADMIN (403), and says so here.
 */
export function RoleChips({ user }: { user: User }) {
  const t = useTranslations("users.remove");
  const [confirming, setConfirming] = useState<HeldRole | null>(null);
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, {
    invalidates: [USERS],
    describeError: (caught) =>
      !(caught instanceof ApiError)
        ? t("network")
        : caught.code === "last_admin"
          ? t("lastAdmin")
          : caught.status === 403
            ? t("forbidden")
            : t("failed"),
  });

  async function remove(role: HeldRole) {
    await submit(async () => {
      await apiFetch("/api/v1/auth/roles/assign", { method: "DELETE", body: { user_id: user.id, role_id: role.id } });
    });
    setConfirming(null);
  }

  if (user.roles.length === 0) return <span className="muted">{t("none")}</span>;
  return (
    <>
      <span className="chips">
        {user.roles.map((role) => (
          <span key={role.id} className="role-chip">
            <Badge tone="accent">{role.name}</Badge>
            <button
              type="button"
              className="role-chip-remove"
              onClick={() => setConfirming(role)}
              aria-label={t("ask", { role: role.name, email: user.email })}
              disabled={isBusy}
            >
              ×
            </button>
          </span>
        ))}
      </span>
      {confirming ? (
        <span className="inline-form">
          <span>{t("confirmText", { role: confirming.name })}</span>
          <Button
            variant="danger"
            onClick={() => remove(confirming)}
            isBusy={isBusy}
            aria-label={t("confirmLabel", { role: confirming.name, email: user.email })}
          >
            {t("confirm")}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={isBusy}>
            {t("cancel")}
          </Button>
        </span>
      ) : null}
      <InlineError message={error} />
    </>
  );
}
