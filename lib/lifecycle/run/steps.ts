import { and, eq, gte, inArray, isNull, lt, lte, not, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { rowsOf } from "@/db/rows";
import { clients, notifications, planVersions, policies, subscriptions } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { movePolicies, type PolicyMove } from "@/lib/emission/move-policy";
import { addDays } from "@/lib/emission/premium-dates";
import { endSubscription, hasLiveSubscription } from "@/lib/payments/subscription-changes";
import { renewOrExpire } from "../renew-policy";
import type { LifecycleMoves } from "../schemas";
import { sendNotice, sendNotices, type LifecycleNotice, type NoticeOf } from "./notices";

// The moves of the daily run (lifecycle.md section 4, steps 1 to 5), each as the SQL condition that makes
// a policy due on a day and what is done to the due policies. The run selects due ids with the condition in
// batches, then, in a transaction, locks them while checking the same condition again (a payment may have
// moved one in between) and moves those still due: all at once when the move stays in the database, one
// by one when it calls the processor (a refusal must put back that policy alone).

export type Due = NoticeOf;
export type Outcome = { moved: keyof LifecycleMoves; policies: number; notices: number };

/** A step whose due policies of one transaction move together. */
type AllAtOnce = {
  due: (asOf: string) => SQL;
  all: (tx: ServiceContext, dues: readonly Due[], asOf: string) => Promise<Outcome>;
};
/** A step whose policies move one by one, each in a savepoint of its own. */
type OneByOne = {
  due: (asOf: string) => SQL;
  each: (tx: ServiceContext, due: Due, asOf: string) => Promise<Outcome>;
};
export type Step = AllAtOnce | OneByOne;

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

/**
 * A step whose move stays in the database: the due policies of a transaction move in a few statements
 * (movePolicies), and their notices are queued in one.
 */
function moveAll({
  kind,
  due,
  move,
  notice,
}: {
  kind: keyof LifecycleMoves;
  due: AllAtOnce["due"];
  move: (due: Due, asOf: string) => PolicyMove;
  notice?: LifecycleNotice;
}): AllAtOnce {
  return {
    due,
    async all(tx, dues, asOf) {
      const moved = await movePolicies(
        tx,
        dues.map((one) => move(one, asOf)),
      );
      const told = dues.map((one, at) => ({ ...one, policy: moved[at] }));
      return { moved: kind, policies: dues.length, notices: notice ? await sendNotices(tx, notice, told, asOf) : 0 };
    },
  };
}

const notTakenUpDue = (asOf: string) =>
  and(
    inArray(policies.status, ["PENDING_PAYMENT", "PAID_FAILED"]),
    isNull(policies.paidToDate),
    sql`${policies.startDate} + ${planVersions.notTakenUpDays} < ${day(asOf)}`,
  )!;

/** Not taken up (step 1), for policies with no live subscription: most of them never reached the processor. */
const notTakenUp = moveAll({
  kind: "not_taken_up",
  due: (asOf) => and(notTakenUpDue(asOf), not(hasLiveSubscription))!,
  move({ policy, version }, asOf) {
    const deadline = addDays(policy.startDate, version.notTakenUpDays);
    return {
      policyId: policy.id,
      to: "NOT_TAKEN_UP",
      reason: reason(`not taken up: no premium paid by ${deadline}`, asOf),
      trigger: "lifecycle",
      effectiveDate: addDays(deadline, 1),
    };
  },
  notice: "policy.not_taken_up",
});

/** Step 1 for a policy whose subscription the processor must end as well. */
const notTakenUpEndingSubscription: Step = {
  due: (asOf) => and(notTakenUpDue(asOf), hasLiveSubscription)!,
  async each(tx, due, asOf) {
    const outcome = await notTakenUp.all(tx, [due], asOf);
    await endSubscription(tx, due.policy.id, { atPeriodEnd: false });
    return outcome;
  },
};

const arrears = moveAll({
  kind: "in_arrears",
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
  move({ policy }, asOf) {
    const firstUnpaid = addDays(policy.paidToDate!, 1);
    return {
      policyId: policy.id,
      to: "IN_ARREARS",
      reason: reason(`in arrears: premium due ${firstUnpaid} unpaid`, asOf),
      trigger: "lifecycle",
      effectiveDate: firstUnpaid,
    };
  },
  notice: "policy.in_arrears",
});

const lapse = moveAll({
  kind: "lapsed",
  due: (asOf) =>
    and(
      eq(policies.status, "IN_ARREARS"),
      lt(policies.paidToDate, asOf),
      sql`${policies.paidToDate} + ${planVersions.gracePeriodDays} < ${day(asOf)}`,
      notCancelDue(asOf),
    )!,
  move({ policy, version }, asOf) {
    const graceEnd = addDays(policy.paidToDate!, version.gracePeriodDays);
    const lapsedOn = addDays(graceEnd, 1);
    return {
      policyId: policy.id,
      to: "LAPSED",
      reason: reason(`lapsed: grace period ended on ${graceEnd}`, asOf),
      trigger: "lifecycle",
      effectiveDate: lapsedOn,
      set: { lapsedOn },
    };
  },
  notice: "policy.lapsed",
});

const cancelAtPeriodEnd = moveAll({
  kind: "cancelled",
  due: (asOf) => and(inArray(policies.status, ["ACTIVE", "IN_ARREARS"]), cancelDue(asOf))!,
  move: ({ policy }, asOf) => ({
    policyId: policy.id,
    to: "CANCELLED",
    reason: reason(`cancelled at the end of the paid period on ${policy.cancelAt}`, asOf),
    trigger: "lifecycle",
    effectiveDate: addDays(policy.cancelAt!, 1),
  }),
});

/** Step 5: renewal or expiry, one policy at a time (either may tell the processor). */
const termEnd: Step = {
  due: (asOf) => and(eq(policies.status, "ACTIVE"), lt(policies.endDate, asOf))!,
  async each(tx, { policy, version, client }, asOf) {
    const { outcome, policy: after } = await renewOrExpire(tx, policy, asOf);
    const template = outcome === "renewed" ? "policy.renewed" : "policy.expired";
    return {
      moved: outcome,
      policies: 1,
      notices: await sendNotice(tx, template, { policy: after, version, client }, asOf),
    };
  },
};

/** Steps 1 to 5, in the spec's order. */
export const LIFECYCLE_STEPS: readonly Step[] = [
  notTakenUp,
  notTakenUpEndingSubscription,
  arrears,
  lapse,
  cancelAtPeriodEnd,
  termEnd,
];

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
 * The ids of one batch of policies matching `where`, after `afterId`, in id order. The due ids are found
 * first, in a MATERIALIZED CTE the planner cannot fold into the batch's ORDER BY id LIMIT: folded, it
 * walked the primary key of a million policies and filtered each one (2 s for a batch of arrears, 6 s for
 * the renewal notices) instead of reading the few due ones through the indexes of their status and dates
 * (docs/volume.md). Memory stays that of one batch: the CTE lives in the database.
 */
function dueBatch(db: DbOrTx, where: SQL, afterId: string | null, limit: number): SQL {
  const due = db
    .select({ id: policies.id })
    .from(policies)
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(where);
  return sql`(with due as materialized (${due}) select id from due ${afterId ? sql`where id > ${afterId}` : sql``} order by id limit ${limit})`;
}

/** One batch of due ids (dueBatch), for a step that locks and reads its policies itself (lockDue). */
export async function selectDueIds(db: DbOrTx, where: SQL, afterId: string | null, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(db, dueBatch(db, where, afterId, limit));
  return rows.map((row) => row.id);
}

/** One batch of due policies (dueBatch) with their version and client, read without a lock. */
export function selectDue(db: DbOrTx, where: SQL, afterId: string | null, limit: number) {
  return selectMatching(db, inArray(policies.id, dueBatch(db, where, afterId, limit))).orderBy(policies.id);
}

/** The policies of `ids` still due (`where`), their rows locked until the transaction ends, in id order. */
export function lockDue(tx: ServiceContext, where: SQL, ids: readonly string[]): Promise<Due[]> {
  return selectMatching(tx.db, and(where, inArray(policies.id, [...ids]))!)
    .orderBy(policies.id)
    .for("update", { of: policies });
}
