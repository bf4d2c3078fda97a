"use client";

import { signOut } from "next-auth/react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiFetch, ApiError, useApiMessage } from "@/components/ui/api-client";

/**
 * "Sign out" ends this browser's session; "Sign out everywhere" first revokes every session of the
 * user (other browsers, API tokens), then clears this browser's cookie.
 */
export function SignOutButtons() {
  const t = useTranslations("nav");
  const messageOf = useApiMessage();
  const [busy, setBusy] = useState<"one" | "all" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function signOutHere() {
    await signOut({ redirect: false });
    // A full load rather than router.push: no page of the signed-in user may stay in the client router's
    // cache, where the back button would show it again.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/sign-in");
  }

  async function onSignOut() {
    setBusy("one");
    await signOutHere();
  }

  async function onSignOutEverywhere() {
    setBusy("all");
    setError(null);
    try {
      await apiFetch<void>("/api/v1/auth/logout-all", { method: "POST" });
    } catch (caught) {
      // 401 means the session had already ended: signing out here is still the right outcome.
      if (!(caught instanceof ApiError && caught.status === 401)) {
        setError(messageOf(caught));
        setBusy(null);
        return;
      }
    }
    await signOutHere();
  }

  return (
    <div className="sign-out">
      <Button variant="secondary" onClick={onSignOut} isBusy={busy === "one"} disabled={busy !== null}>
        {t("signOut")}
      </Button>
      <Button variant="danger" onClick={onSignOutEverywhere} isBusy={busy === "all"} disabled={busy !== null}>
        {t("signOutEverywhere")}
      </Button>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
