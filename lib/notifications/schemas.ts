import { z } from "zod";
import { LANGUAGES, NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "@/db/enums";
import { PaginationQuery, Uuid } from "@/lib/schemas";

export const ListNotificationsQuery = PaginationQuery.extend({
  recipient: z.string().trim().min(1).max(254).optional(),
  template: z.string().trim().min(1).max(100).optional(),
  status: z.enum(NOTIFICATION_STATUSES).optional(),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

export const NotificationResponse = z.object({
  id: Uuid,
  channel: z.enum(NOTIFICATION_CHANNELS),
  recipient: z.string(),
  recipient_name: z
    .string()
    .nullable()
    .describe(
      "The client's name, or the user's (its e-mail when it has none), whose e-mail is the recipient; null for a phone number or an unknown address",
    ),
  template: z.string(),
  payload: z.record(z.string(), z.unknown()),
  language: z
    .enum(LANGUAGES)
    .nullable()
    .describe(
      "The recipient's language, the one subject and body are written in (null on rows from before it was kept)",
    ),
  subject: z.string().nullable().describe("The subject, rendered in `language` when the notification was written"),
  body: z
    .string()
    .nullable()
    .describe(
      "The text, rendered in `language` when the notification was written; a WhatsApp message carries its values to the approved template of that language",
    ),
  status: z.enum(NOTIFICATION_STATUSES),
  error: z.string().nullable(),
  // MAX_DELIVERY_ATTEMPTS (deliver-notification.ts), the last attempt.
  attempts: z.number().int().min(0).max(20),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
