import type { Language } from "@/db/enums";
import { notifications, type NotificationChannel } from "@/db/schema";
import { sendAfterCommit, type ServiceContext } from "@/lib/context";
import { isLocale } from "@/lib/i18n/locales";
import { isKnownTemplate, renderTemplate } from "./templates";

export type NewNotification = {
  channel: NotificationChannel;
  recipient: string;
  template: string;
  payload?: Record<string, unknown>;
  /**
   * The recipient's language, which the notification is rendered in now: clientLanguage(client) or
   * userLanguage(user) from ./language.
   */
  language: Language;
  /** A notice that must go out once only: a second enqueue with the same key is ignored. */
  dedupeKey?: string;
  companyId?: string | null;
};

/**
 * Writes a notification to the outbox in the caller's transaction and asks for its delivery after the
 * commit. The subject and body are rendered here, in the recipient's language, and kept on the row:
 * delivery sends them as they are. Returns the new row's id, or null when the dedupe key was already used.
 */
export async function enqueueNotification(ctx: ServiceContext, input: NewNotification): Promise<string | null> {
  if (!isKnownTemplate(input.template)) throw new Error(`unknown notification template: ${input.template}`);
  if (!isLocale(input.language)) throw new Error(`unknown notification language: ${String(input.language)}`);
  const payload = input.payload ?? {};
  const { subject, body } = renderTemplate(input.template, payload, input.language);
  const [row] = await ctx.db
    .insert(notifications)
    .values({
      channel: input.channel,
      recipient: input.recipient,
      template: input.template,
      payload,
      language: input.language,
      subject,
      body,
      dedupeKey: input.dedupeKey ?? null,
      companyId: input.companyId ?? null,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id });
  if (!row) return null;
  sendAfterCommit(ctx, { name: "notifications/notification.created", data: { notification_id: row.id } });
  return row.id;
}
