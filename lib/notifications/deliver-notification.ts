import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { notifications } from "@/db/schema";
import { sweepDue } from "@/lib/background/retry-schedule";
import { isChannelConfigured, sendEmail, sendMessage } from "./channels";
import { defaultLocale } from "@/lib/i18n/locales";
import { redactBody, redactPayload, renderTemplate, whatsappTemplate } from "./templates";

/** Attempts made by the delivery event (deliver-notification: one and four retries, seconds apart). */
export const EVENT_DELIVERY_ATTEMPTS = 5;
/**
 * After the event's attempts the sweep retries 1, 2, 4, 8, 16 and 32 minutes apart, then hourly: 20
 * attempts span about ten hours before the row is FAILED for good.
 */
export const MAX_DELIVERY_ATTEMPTS = 20;
/** A claim older than this belongs to a worker that died; the row may be taken again. */
const CLAIM_TIMEOUT_SECONDS = 300;

export type DeliveryOutcome = "SENT" | "SKIPPED" | "FAILED" | "RETRY" | "NOT_PENDING";

/**
 * Delivers one outbox row. The row is claimed first with a conditional update, so the event and the
 * sweep never send it twice. A failure records its error and is thrown (so the caller retries); the row
 * stays PENDING for the sweep until the last attempt (MAX_DELIVERY_ATTEMPTS), which marks it FAILED.
 * Every update bumps updated_at (the column's $onUpdate), which the sweep's back-off counts from.
 */
export async function deliverNotification(db: DbOrTx, notificationId: string): Promise<DeliveryOutcome> {
  const [row] = await db
    .update(notifications)
    .set({ claimedAt: new Date(), attempts: sql`${notifications.attempts} + 1` })
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.status, "PENDING"),
        or(
          isNull(notifications.claimedAt),
          lt(notifications.claimedAt, sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`),
        ),
      ),
    )
    .returning();
  if (!row) return "NOT_PENDING";

  const skip = async (reason: string | null): Promise<DeliveryOutcome> => {
    await db
      .update(notifications)
      .set({ status: "SKIPPED", claimedAt: null, error: reason })
      .where(eq(notifications.id, row.id));
    return "SKIPPED";
  };
  if (!isChannelConfigured(row.channel)) return skip(null);
  // Recorded all the same, so the outbox shows what could not be sent and why.
  if (row.recipient === "") return skip("no recipient on record (the client has no phone number)");
  try {
    // Rendered in the recipient's language when enqueued; a row from before that (no body) is rendered now,
    // in the default language.
    const language = row.language ?? defaultLocale();
    const { subject, body } =
      row.subject !== null && row.body !== null
        ? { subject: row.subject, body: row.body }
        : renderTemplate(row.template, row.payload, language);
    const { providerMessageId } =
      row.channel === "EMAIL"
        ? await sendEmail({ to: row.recipient, subject, text: body, idempotencyKey: `notification-${row.id}` })
        : await sendMessage({ to: row.recipient, template: whatsappTemplate(row.template, row.payload, language) });
    await db
      .update(notifications)
      // Delivered: a link's single-use token is no longer kept (trust.md section 2).
      .set({
        status: "SENT",
        providerMessageId,
        sentAt: new Date(),
        claimedAt: null,
        error: null,
        payload: redactPayload(row.template, row.payload),
        body: redactBody(row.template, row.body),
      })
      .where(eq(notifications.id, row.id));
    return "SENT";
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = row.attempts >= MAX_DELIVERY_ATTEMPTS;
    await db
      .update(notifications)
      .set({ status: final ? "FAILED" : "PENDING", error: message.slice(0, 1000), claimedAt: null })
      .where(eq(notifications.id, row.id));
    if (final) return "FAILED";
    throw new Error(`delivery of notification ${row.id} failed (attempt ${row.attempts}): ${message}`);
  }
}

/**
 * The sweep's work list: pending rows whose delivery event was lost (a crash between commit and send)
 * or whose event's attempts all failed. A row is due once it has rested after its last attempt for
 * least(1 h, 1 min * 2^max(attempts - 5, 0)): a minute for a lost event, then doubling up to an hour.
 */
export async function findStrandedNotifications(db: DbOrTx, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, "PENDING"),
        sweepDue(notifications.updatedAt, notifications.attempts, EVENT_DELIVERY_ATTEMPTS),
        or(
          isNull(notifications.claimedAt),
          lt(notifications.claimedAt, sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`),
        ),
      ),
    )
    .orderBy(notifications.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
