import { notifications, type NotificationChannel } from "@/db/schema";
import { sendAfterCommit, type ServiceContext } from "@/lib/context";
import { isKnownTemplate } from "./templates";

export type NewNotification = {
  channel: NotificationChannel;
  recipient: string;
  template: string;
  payload?: Record<string, unknown>;
  /** A notice that must go out once only: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  companyId?: string | null;
};

/**
 * Writes a notification to the outbox in the caller's transaction and asks for its delivery after the
 * commit. Returns the new row's id, or null when the dedupe key was already used.
 */
export async function enqueueNotification(ctx: ServiceContext, input: NewNotification): Promise<string | null> {
  if (!isKnownTemplate(input.template)) throw new Error(`unknown notification template: ${input.template}`);
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      channel: input.channel,
      recipient: input.recipient,
      template: input.template,
      payload: input.payload ?? {},
      dedupeKey: input.dedupeKey ?? null,
      companyId: input.companyId ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  if (!row) return null;
  sendAfterCommit(ctx, { name: "notifications/notification.created", data: { notification_id: row.id } });
  return row.id;
}
