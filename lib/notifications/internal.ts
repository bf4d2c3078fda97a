import type { Notification } from "@/db/schema";
import { isAdmin, type Actor } from "@/lib/auth/actor";
import { redactBody, redactPayload } from "./templates";

/**
 * A link's token is shown while the message waits or was not sent (SKIPPED, FAILED), so that an
 * administrator can pass the link on (trust.md section 2); only to a signed-in ADMIN, never to a key.
 */
export function mayReadLinks(actor: Actor): boolean {
  return actor.kind === "user" && isAdmin(actor);
}

export function toNotificationResponse(row: Notification, recipientName: string | null, showLinks: boolean) {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    recipient_name: recipientName,
    template: row.template,
    payload: showLinks ? row.payload : redactPayload(row.template, row.payload),
    language: row.language,
    subject: row.subject,
    body: showLinks ? row.body : redactBody(row.template, row.body),
    status: row.status,
    error: row.error,
    attempts: row.attempts,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
