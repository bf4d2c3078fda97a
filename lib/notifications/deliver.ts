import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { notifications } from "@/db/schema";
import { isChannelConfigured, sendEmail, sendMessage } from "./channels";
import { renderTemplate } from "./templates";

export const MAX_DELIVERY_ATTEMPTS = 5;
/** A claim older than this belongs to a worker that died; the row may be taken again. */
const CLAIM_TIMEOUT_SECONDS = 300;

export type DeliveryOutcome = "SENT" | "SKIPPED" | "FAILED" | "RETRY" | "NOT_PENDING";

/**
 * Delivers one outbox row. The row is claimed first with a conditional update, so the event and the
 * sweep never send it twice. A failure records its error and is thrown (so the caller retries) until
 * the last attempt, which marks the row FAILED.
 */
export async function deliverNotification(db: DbOrTx, notificationId: string): Promise<DeliveryOutcome> {
  const [row] = await db
    .update(notifications)
    .set({ claimedAt: new Date(), attempts: sql`${notifications.attempts} + 1` })
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.status, "PENDING"),
        or(isNull(notifications.claimedAt), lt(notifications.claimedAt, sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`)),
      ),
    )
    .returning();
  if (!row) return "NOT_PENDING";

  const skip = async (reason: string | null): Promise<DeliveryOutcome> => {
    await db.update(notifications).set({ status: "SKIPPED", claimedAt: null, error: reason }).where(eq(notifications.id, row.id));
    return "SKIPPED";
  };
  if (!isChannelConfigured(row.channel)) return skip(null);
  // Recorded all the same, so the outbox shows what could not be sent and why.
  if (row.recipient === "") return skip("no recipient on record (the client has no phone number)");
  try {
    const { subject, text } = renderTemplate(row.template, row.payload);
    const { providerMessageId } =
      row.channel === "EMAIL"
        ? await sendEmail({ to: row.recipient, subject, text, idempotencyKey: `notification-${row.id}` })
        : await sendMessage({ to: row.recipient, text: `${subject}\n\n${text}` });
    await db
      .update(notifications)
      .set({ status: "SENT", providerMessageId, sentAt: new Date(), claimedAt: null, error: null })
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

/** Pending rows whose delivery event was lost (a crash between commit and send): the sweep's work list. */
export async function findStrandedNotifications(db: DbOrTx, olderThanSeconds = 60, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.status, "PENDING"),
        lt(notifications.updatedAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
        or(isNull(notifications.claimedAt), lt(notifications.claimedAt, sql`now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS})`)),
      ),
    )
    .orderBy(notifications.createdAt)
    .limit(limit);
  return rows.map((row) => row.id);
}
