import { z } from "zod";
import { NOTIFICATION_CHANNELS, NOTIFICATION_STATUSES } from "@/db/enums";
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
  template: z.string(),
  payload: z.record(z.string(), z.unknown()),
  status: z.enum(NOTIFICATION_STATUSES),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
