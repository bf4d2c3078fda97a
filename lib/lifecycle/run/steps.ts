import { and, eq, gte, inArray, isNull, lt, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  clients,
  notifications,
  planVersions,
  policies,
  subscriptions,
  type Client,
  type PlanVersion,
  type Policy,
} from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { movePolicy } from "@/lib/emission/move-policy";
import { addDays } from "@/lib/emission/premium-dates";
import { endSubscription } from "@/lib/payments/subscription-changes";
import { renewOrExpire } from "../renew-policy";
import type { LifecycleMoves } from "../schemas";
import { sendNotice } from "./notices";

// The moves of the daily run (lifecycle.md section 4, steps 1 to 5), each as the SQL condition that makes
// a policy due on a day and what is done to one due policy. The run selects due ids with the condition in
// batches, then moves each policy in a transaction of its own after locking its row and checking the same
// condition again (a payment may have moved it in between).

export type Due = { policy: Policy; version: PlanVersion; client: Client };
export type Outcome = { moved: keyof LifecycleMoves; notices: number };

export type Step = {
  due: (asOf: string) => SQL;
  apply: (tx: ServiceContext, due: Due, asOf: string) => Promise<Outcome>;
};

/** Days a live card subscription is given for the processor's charge before the run finds arrears. */
export const SUBSCRIPTION_ALLOWANCE_DAYS = 3;

/** Subscription statuses whose processor still charges the card (as the arrears reminders count them). */
const CHARGING = ["ACTIVE", "TRIALING", "PAST_DUE"];

const day = (asOf: string) => sql`${asOf}::date`;

/** Whose cancel_at has passed: step 4 cancels those, so arrears and lapse leave them alone. */
const cancelDue = (asOf: string) => lt(policies.cancelAt, asOf);
const notCancelDue = (asOf: string) => or(isNull(policies.cancelAt), gte(policies.cancelAt, asOf))!;

const hasChargingSubscription = sql`exists (select 1 from ${subscriptions} where ${subscriptions.policyId} = ${policies.id} and ${inArray(subscriptions.status, CHARGING)})`;

/** "<rule> (lifecycle run for <as_of>)": the history row's reason names the rule and the day. */
const reason = (rule: string, asOf: string) => `${rule} (lifecycle run for ${asOf})`;

const notTakenUp: Step = {
  due: (asOf) =>
    and(
      inArray(policies.status, ["PENDING_PAYMENT", "PAID_FAILED"]),
      isNull(policies.paidToDate),
      sql`${policies.startDate} + ${planVersions.notTakenUpDays} < ${day(asOf)}`,
    )!,
  async apply(tx, { policy, version, client }, asOf) {
    const deadline = addDays(policy.startDate, version.notTakenUpDays);
    const moved = await movePolicy(tx, {
      policyId: policy.id,
      to: "NOT_TAKEN_UP",
      reason: reason(`not taken up: no premium paid by ${deadline}`, asOf),
      trigger: "lifecycle",
      effectiveDate: addDays(deadline, 1),
    });
    await endSubscription(tx, policy.id, { atPeriodEnd: false });
    return {
      moved: "not_taken_up",
      notices: await sendNotice(tx, "policy.not_taken_up", { policy: moved, version, client }, asOf),
    };
  },
};

const arrears: Step = {
  due: (asOf) =>
    and(
      eq(policies.status, "ACTIVE"),
      lt(policies.paidToDate, asOf),
      notCancelDue(asOf),
      // Paid exactly to the end of a term that has ended: renewal or expiry (step 5), not arrears.
      not(and(eq(policies.paidToDate, policies.endDate), lt(policies.endDate, asOf))!),
      or(
        sql`${policies.paidToDate} + ${SUBSCRIPTION_ALLOWANCE_DAYS}::integer < ${day(asOf)}`,
        not(hasChargingSubscription),
      ),
    )!,
  async apply(tx, { policy, version, client }, asOf) {
    const firstUnpaid = addDays(policy.paidToDate!, 1);
    const moved = await movePolicy(tx, {
      policyId: policy.id,
      to: "IN_ARREARS",
      reason: reason(`in arrears: premium due ${firstUnpaid} unpaid`, asOf),
      trigger: "lifecycle",
      effectiveDate: firstUnpaid,
    });
    return {
      moved: "in_arrears",
      notices: await sendNotice(tx, "policy.in_arrears", { policy: moved, version, client }, asOf),
    };
  },
};

const lapse: Step = {
  due: (asOf) =>
    and(
      eq(policies.status, "IN_ARREARS"),
      lt(policies.paidToDate, asOf),
      sql`${policies.paidToDate} + ${planVersions.gracePeriodDays} < ${day(asOf)}`,
      notCancelDue(asOf),
    )!,
  async apply(tx, { policy, version, client }, asOf) {
    const graceEnd = addDays(policy.paidToDate!, version.gracePeriodDays);
    const lapsedOn = addDays(graceEnd, 1);
    const moved = await movePolicy(tx, {
      policyId: policy.id,
      to: "LAPSED",
      reason: reason(`lapsed: grace period ended on ${graceEnd}`, asOf),
      trigger: "lifecycle",
      effectiveDate: lapsedOn,
      set: { lapsedOn },
    });
    return {
      moved: "lapsed",
      notices: await sendNotice(tx, "policy.lapsed", { policy: moved, version, client }, asOf),
    };
  },
};

const cancelAtPeriodEnd: Step = {
  due: (asOf) => and(inArray(policies.status, ["ACTIVE", "IN_ARREARS"]), cancelDue(asOf))!,
  async apply(tx, { policy }, asOf) {
    await movePolicy(tx, {
      policyId: policy.id,
      to: "CANCELLED",
      reason: reason(`cancelled at the end of the paid period on ${policy.cancelAt}`, asOf),
      trigger: "lifecycle",
      effectiveDate: addDays(policy.cancelAt!, 1),
    });
    return { moved: "cancelled", notices: 0 };
  },
};

const termEnd: Step = {
  due: (asOf) => and(eq(policies.status, "ACTIVE"), lt(policies.endDate, asOf))!,
  async apply(tx, { policy, version, client }, asOf) {
    const { outcome } = await renewOrExpire(tx, policy, asOf);
    const [after] = await tx.db.select().from(policies).where(eq(policies.id, policy.id));
    const template = outcome === "renewed" ? "policy.renewed" : "policy.expired";
    return { moved: outcome, notices: await sendNotice(tx, template, { policy: after, version, client }, asOf) };
  },
};

/** Steps 1 to 5, in the spec's order. */
export const LIFECYCLE_STEPS: readonly Step[] = [notTakenUp, arrears, lapse, cancelAtPeriodEnd, termEnd];

/** The longest renewal_notice_days a version may have (lifecycle.md section 1): bounds the end_date look-up. */
const MAX_RENEWAL_NOTICE_DAYS = 90;

/**
 * Policies that will renew and whose renewal notice is due on `asOf` and not yet queued. The key must be
 * the one noticeKey("policy.renewal_notice", policy) gives, so that a notice sent is not selected again.
 */
export const renewalNoticeDue = (asOf: string) =>
  and(
    eq(policies.status, "ACTIVE"),
    eq(planVersions.isRenewable, true),
    eq(policies.autoRenew, true),
    isNull(policies.cancelAt),
    gte(policies.endDate, asOf),
    lte(policies.endDate, addDays(asOf, MAX_RENEWAL_NOTICE_DAYS)),
    sql`${policies.endDate} - ${planVersions.renewalNoticeDays} <= ${day(asOf)}`,
    sql`not exists (select 1 from ${notifications} where ${notifications.dedupeKey} = 'policy.renewal_notice:' || ${policies.id} || ':' || to_char(${policies.endDate}, 'YYYY-MM-DD'))`,
  )!;

/** The policies (with version and client) matching `where`, with no order or limit. */
function selectMatching(db: DbOrTx, where: SQL) {
  return db
    .select({ policy: policies, version: planVersions, client: clients })
    .from(policies)
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(where);
}

/**
 * The policies (with version and client) matching `where`, after `afterId`, in id order: one batch. The
 * due ids are found first, in a MATERIALIZED CTE the planner cannot fold into the batch's ORDER BY id
 * LIMIT: folded, it walked the primary key of a million policies and filtered each one (2 s for a batch
 * of arrears, 6 s for the renewal notices) instead of reading the few due ones through the indexes of
 * their status and dates (docs/volume.md). Memory stays that of one batch: the CTE lives in the database.
 */
export function selectDue(db: DbOrTx, where: SQL, afterId: string | null, limit: number) {
  const due = db
    .select({ id: policies.id })
    .from(policies)
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(where);
  const batch = sql`(with due as materialized (${due}) select id from due ${afterId ? sql`where id > ${afterId}` : sql``} order by id limit ${limit})`;
  return selectMatching(db, inArray(policies.id, batch)).orderBy(policies.id);
}

/** One due policy, its row locked until the transaction ends; undefined when it is no longer due. */
export async function lockIfDue(tx: ServiceContext, where: SQL, policyId: string): Promise<Due | undefined> {
  const [due] = await selectMatching(tx.db, and(where, eq(policies.id, policyId))!).for("update", { of: policies });
  return due;
}
