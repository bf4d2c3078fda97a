import type { Client, PlanVersion, Policy } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { arrearsAmount } from "@/lib/emission/account/premiums";
import { addDays } from "@/lib/emission/premium-dates";
import { enqueueNotifications } from "@/lib/notifications/enqueue-notification";
import { clientLanguage } from "@/lib/notifications/language";

// The lifecycle's notices to the client (lifecycle.md section 4, step 6), each at most once per policy and
// occasion: the dedupe key names the policy and the occasion (the arrears of one paid-to date, one lapse,
// one term), so a second run, or a catch-up over the same days, queues nothing more.

/** The policy a notice is about, with its plan version and client. */
export type NoticeOf = { policy: Policy; version: PlanVersion; client: Client };

export type LifecycleNotice =
  | "policy.in_arrears"
  | "policy.lapsed"
  | "policy.renewal_notice"
  | "policy.renewed"
  | "policy.expired"
  | "policy.not_taken_up";

/** The dedupe key of a notice: the policy and what makes the occasion one of its own. */
export function noticeKey(template: LifecycleNotice, policy: Policy): string {
  const occasion: Record<LifecycleNotice, string> = {
    "policy.in_arrears": String(policy.paidToDate),
    "policy.lapsed": String(policy.lapsedOn),
    "policy.renewal_notice": policy.endDate,
    "policy.renewed": String(policy.termNumber),
    "policy.expired": policy.endDate,
    "policy.not_taken_up": policy.startDate,
  };
  return `${template}:${policy.id}:${occasion[template]}`;
}

function payloadOf(template: LifecycleNotice, policy: Policy, version: PlanVersion, asOf: string) {
  switch (template) {
    case "policy.in_arrears":
      return {
        amount: arrearsAmount({
          startDate: policy.startDate,
          paidToDate: policy.paidToDate,
          credit: policy.credit,
          premium: policy.finalPrice,
          today: asOf,
        }),
        currency: policy.currency,
        grace_ends_on: addDays(policy.paidToDate!, version.gracePeriodDays),
      };
    case "policy.lapsed":
      return {
        lapsed_on: policy.lapsedOn,
        reinstatable_until:
          version.reinstatementWindowDays > 0 ? addDays(policy.lapsedOn!, version.reinstatementWindowDays) : null,
      };
    case "policy.renewal_notice":
      return {
        end_date: policy.endDate,
        term_start_date: addDays(policy.endDate, 1),
        final_price: policy.finalPrice,
        currency: policy.currency,
      };
    case "policy.renewed":
      return {
        term_start_date: policy.termStartDate,
        end_date: policy.endDate,
        final_price: policy.finalPrice,
        currency: policy.currency,
      };
    case "policy.expired":
      return { end_date: policy.endDate };
    case "policy.not_taken_up":
      return { start_date: policy.startDate };
  }
}

/**
 * Queues one notice to the policy's client in the caller's transaction; 1 when queued, 0 when this
 * occasion was already told.
 */
export async function sendNotice(
  tx: ServiceContext,
  template: LifecycleNotice,
  due: NoticeOf,
  asOf: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  return sendNotices(tx, template, [due], asOf, extra);
}

/** sendNotice to many policies' clients in one statement; returns how many were queued. */
export async function sendNotices(
  tx: ServiceContext,
  template: LifecycleNotice,
  dues: readonly NoticeOf[],
  asOf: string,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const ids = await enqueueNotifications(
    tx,
    dues.map(({ policy, version, client }) => ({
      channel: "EMAIL" as const,
      recipient: client.email,
      template,
      language: clientLanguage(client),
      companyId: policy.companyId,
      dedupeKey: noticeKey(template, policy),
      payload: {
        name: client.firstName,
        policy_number: policy.policyNumber,
        ...payloadOf(template, policy, version, asOf),
        ...extra,
      },
    })),
  );
  return ids.length;
}
