import { and, eq, notExists, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, policies, subscriptions } from "@/db/schema";
import { inTransaction, systemContext } from "@/lib/context";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";

/**
 * The daily reminder (spec: scheduled tasks): every IN_ARREARS policy without a live subscription (the
 * processor chases those itself) gets one e-mail a day; the dedupe key names the day, so a second run on
 * the same day sends nothing more.
 */
export async function sendArrearsReminders(db: DbOrTx, today = new Date().toISOString().slice(0, 10)): Promise<number> {
  const rows = await db
    .select({ policy: policies, client: clients })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(
      and(
        eq(policies.status, "IN_ARREARS"),
        notExists(
          db
            .select({ one: sql`1` })
            .from(subscriptions)
            .where(
              and(
                eq(subscriptions.policyId, policies.id),
                sql`${subscriptions.status} in ('ACTIVE', 'TRIALING', 'PAST_DUE')`,
              ),
            ),
        ),
      ),
    );
  let sent = 0;
  for (const { policy, client } of rows) {
    const id = await inTransaction(systemContext(db, "arrears-reminder"), (ctx) =>
      enqueueNotification(ctx, {
        channel: "EMAIL",
        recipient: client.email,
        template: "payment.arrears_reminder",
        language: clientLanguage(client),
        companyId: policy.companyId,
        dedupeKey: `arrears-reminder:${policy.id}:${today}`,
        payload: {
          name: client.firstName,
          policy_number: policy.policyNumber,
          final_price: policy.finalPrice,
          currency: policy.currency,
        },
      }),
    );
    if (id) sent++;
  }
  return sent;
}
