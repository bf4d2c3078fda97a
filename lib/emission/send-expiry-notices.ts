import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { clients, planVersions, policies } from "@/db/schema";
import { inTransaction, systemContext } from "@/lib/context";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";
import { COVERING_STATUSES } from "./state-machine";

/** Days before end_date that the expiry notice goes out (spec: Limits). */
export const EXPIRY_NOTICE_DAYS = 3;

/**
 * The daily expiry notice: each covering policy whose end_date is EXPIRY_NOTICE_DAYS from today and that
 * will not renew (its version is not renewable, auto_renew is off, or a cancellation waits) gets one e-mail
 * per policy and term (the dedupe key holds the end date). A policy that will renew is told by the
 * lifecycle run's renewal notice instead (lifecycle.md section 4).
 */
export async function sendExpiryNotices(db: DbOrTx, today = new Date()): Promise<number> {
  const endDate = new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + EXPIRY_NOTICE_DAYS),
  )
    .toISOString()
    .slice(0, 10);
  const rows = await db
    .select({ policy: policies, client: clients })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .where(
      and(
        eq(policies.endDate, endDate),
        inArray(policies.status, [...COVERING_STATUSES]),
        or(eq(planVersions.isRenewable, false), eq(policies.autoRenew, false), isNotNull(policies.cancelAt)),
      ),
    );
  let sent = 0;
  for (const { policy, client } of rows) {
    const id = await inTransaction(systemContext(db, "expiry-notice"), (ctx) =>
      enqueueNotification(ctx, {
        channel: "EMAIL",
        recipient: client.email,
        template: "policy.expiring",
        language: clientLanguage(client),
        companyId: policy.companyId,
        dedupeKey: `policy-expiring:${policy.id}:${policy.endDate}`,
        payload: { name: client.firstName, policy_number: policy.policyNumber, end_date: policy.endDate },
      }),
    );
    if (id) sent++;
  }
  return sent;
}
