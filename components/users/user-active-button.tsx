"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch, ApiError } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { User } from "./types";

const USERS = "/api/v1/auth/users";

/**
 * Deactivate a user (after a confirmation: it signs the user out everywhere and stops its API keys) or
 * reactivate one, through PATCH /auth/users/{id} `{is_active}`. The service keeps the last active ADMIN
 * (409 `last_admin`), which is said here.
 */
export function UserActiveButton({ user }: { user: User }) {
  const t = useTranslations("users.active");
  const [confirming, setConfirming] = useState(false);
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

  async function setActive(isActive: boolean) {
    await submit(async () => {
      await apiFetch(`${USERS}/${user.id}`, { method: "PATCH", body: { is_active: isActive } });
    });
    setConfirming(false);
  }

  if (!user.is_active)
    return (
      <span className="inline-form">
        <Button
          variant="secondary"
          onClick={() => setActive(true)}
          isBusy={isBusy}
          aria-label={t("reactivateLabel", { email: user.email })}
        >
          {t("reactivate")}
        </Button>
        <InlineError message={error} />
      </span>
    );
  return (
    <span className="inline-form">
      {confirming ? (
        <>
          <span>{t("confirmText")}</span>
          <Button
            variant="danger"
            onClick={() => setActive(false)}
            isBusy={isBusy}
            aria-label={t("confirmLabel", { email: user.email })}
          >
            {t("confirm")}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={isBusy}>
            {t("cancel")}
          </Button>
        </>
      ) : (
        <Button
          variant="secondary"
          onClick={() => setConfirming(true)}
          aria-label={t("deactivateLabel", { email: user.email })}
        >
          {t("deactivate")}
        </Button>
      )}
      <InlineError message={error} />
    </span>
  );
}
