"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { apiFetch, type Paginated } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { SuccessBanner } from "@/components/ui/error-banner";

export type LinkTemplate = "auth.invitation" | "auth.password_reset";

/** A link just asked for: to whom, of which kind, and the newest such notification before asking. */
export type LinkRequest = { email: string; template: LinkTemplate; previousId: string | null };

type OutboxItem = { id: string; status: "PENDING" | "SENT" | "FAILED" | "SKIPPED"; payload: { url?: unknown } };

const POLL_MS = 700;
const POLL_TRIES = 15;

function outboxUrl(email: string, template: LinkTemplate): string {
  return `/api/v1/notifications?${new URLSearchParams({ recipient: email, template, page_size: "1" })}`;
}

/** The newest notification of a template to an address (its id), read before asking for a new one. */
export async function newestLinkId(email: string, template: LinkTemplate): Promise<string | null> {
  const page = await apiFetch<Paginated<OutboxItem>>(outboxUrl(email, template));
  return page.items[0]?.id ?? null;
}

/** `isDone`: the outbox is no longer read (the message left the queue, or the tries ran out). */
type NoticeState = { kind: "waiting" } | { kind: "none" } | { kind: "found"; item: OutboxItem; isDone: boolean };

/**
 * After an invitation or reset link was asked for on the users page: whether its e-mail went out, and
 * when it could not (no e-mail provider configured: SKIPPED, or FAILED, or not sent yet) the link itself
 * for the administrator to pass on (trust.md section 2: readable while the message waits or is
 * SKIPPED, and only by an administrator). The notification is made after the request, in the
 * background, so the outbox is read a few times.
 */
export function AccountLinkNotice({
  request,
  canReadNotifications,
}: {
  request: LinkRequest;
  canReadNotifications: boolean;
}) {
  const t = useTranslations("users.link");
  const [state, setState] = useState<NoticeState>({ kind: "waiting" });

  useEffect(() => {
    if (!canReadNotifications) return;
    let isCurrent = true;
    let tries = 0;
    async function poll() {
      tries += 1;
      const page = await apiFetch<Paginated<OutboxItem>>(outboxUrl(request.email, request.template)).catch(() => null);
      if (!isCurrent) return;
      const newest = page?.items[0];
      const item = newest && newest.id !== request.previousId ? newest : null;
      if ((item && item.status !== "PENDING") || tries >= POLL_TRIES) {
        setState(item ? { kind: "found", item, isDone: true } : { kind: "none" });
        return;
      }
      if (item) setState({ kind: "found", item, isDone: false });
      setTimeout(poll, POLL_MS);
    }
    setTimeout(poll, POLL_MS / 2);
    return () => {
      isCurrent = false;
    };
  }, [request, canReadNotifications]);

  const email = request.email;
  if (!canReadNotifications)
    return (
      <SuccessBanner message={t(request.template === "auth.invitation" ? "invitationSent" : "resetSent", { email })} />
    );
  if (state.kind === "waiting")
    return (
      <p className="muted" role="status">
        {t("waiting", { email })}
      </p>
    );
  if (state.kind === "none")
    return (
      <p className="banner banner-warning" role="status">
        {t("noLink", { email })}
      </p>
    );
  const { item, isDone } = state;
  if (item.status === "SENT") return <SuccessBanner message={t("sent", { email })} />;
  if (!isDone)
    return (
      <p className="muted" role="status">
        {t("waiting", { email })}
      </p>
    );
  return (
    <div className="banner banner-warning" role="status">
      <p>{item.status === "PENDING" ? t("pending", { email }) : t("notSent", { email })}</p>
      <LinkToPassOn url={typeof item.payload.url === "string" ? item.payload.url : ""} email={email} />
    </div>
  );
}

function LinkToPassOn({ url, email }: { url: string; email: string }) {
  const t = useTranslations("users.link");
  const [isCopied, setIsCopied] = useState(false);
  if (!url || url.includes("REDACTED")) return <p>{t("hidden")}</p>;
  return (
    <div className="link-to-pass-on">
      <input
        type="text"
        readOnly
        value={url}
        aria-label={t("linkLabel", { email })}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Button
        variant="secondary"
        onClick={() =>
          navigator.clipboard?.writeText(url).then(
            () => setIsCopied(true),
            () => setIsCopied(false),
          )
        }
      >
        {isCopied ? t("copied") : t("copy")}
      </Button>
    </div>
  );
}
