import { chunksForInsert } from "@/db/chunks";
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
  const [id] = await enqueueNotifications(ctx, [input]);
  return id ?? null;
}

/**
 * enqueueNotification for many notifications, in one statement per few thousand (the lifecycle run's
 * notices). Returns the ids of the rows written: those whose dedupe key was already used are left out.
 */
export async function enqueueNotifications(ctx: ServiceContext, inputs: readonly NewNotification[]): Promise<string[]> {
  const rows = inputs.map((input) => {
    if (!isKnownTemplate(input.template)) throw new Error(`unknown notification template: ${input.template}`);
    if (!isLocale(input.language)) throw new Error(`unknown notification language: ${String(input.language)}`);
    const payload = input.payload ?? {};
    const { subject, body } = renderTemplate(input.template, payload, input.language);
    return {
      channel: input.channel,
      recipient: input.recipient,
      template: input.template,
      payload,
      language: input.language,
      subject,
      body,
      dedupeKey: input.dedupeKey ?? null,
      companyId: input.companyId ?? null,
    };
  });
  const ids: string[] = [];
  for (const chunk of chunksForInsert(rows)) {
    const written = await ctx.db
      .insert(notifications)
      .values(chunk)
      .onConflictDoNothing({ target: notifications.dedupeKey })
      .returning({ id: notifications.id });
    ids.push(...written.map((row) => row.id));
  }
  for (const id of ids)
    sendAfterCommit(ctx, { name: "notifications/notification.created", data: { notification_id: id } });
  return ids;
}
