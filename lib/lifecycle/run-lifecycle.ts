import { eq } from "drizzle-orm";
import { lifecycleRuns } from "@/db/schema";
import { actorLabel, assertCan } from "@/lib/auth/actor";
import { inTransaction, systemContext, type ServiceContext } from "@/lib/context";
import { todayUtc } from "@/lib/emission/dates";
import { BusinessRuleError } from "@/lib/errors";
import { logError } from "@/lib/log";
import { withLifecycleLock } from "./run/lock";
import { planRenewal } from "./renewal-plan";
import { sendNotice } from "./run/notices";
import {
  LIFECYCLE_STEPS,
  lockDue,
  renewalNoticeDue,
  selectDue,
  selectDueIds,
  type Outcome,
  type Step,
} from "./run/steps";
import type { LifecycleMoves, LifecycleRunResponse, RunLifecycleInput } from "./schemas";

/** Policies selected per query: memory stays flat however many are due. */
const BATCH_SIZE = 500;

/**
 * Chunks of a batch moved at once, each in its own transaction on its own pooled connection (row locks
 * keep two moves of one policy apart): the run waits on the database, not the CPU. Below the default
 * pool of 10, leaving connections to the requests served meanwhile.
 */
const CONCURRENT_MOVES = 4;

/**
 * Policies moved in one transaction by a step that moves them one by one, each in a savepoint of its
 * own so that one that fails is put back alone. A commit waits for the disk (a few ms here): one per
 * policy was most of a run's time. A step that moves them all at once takes a quarter of the batch.
 */
const MOVES_PER_TRANSACTION = 25;

/**
 * A renewal leaves the first premium of the new term unpaid; the steps run again after a pass that
 * renewed, so that the run ends where a second run of the same day would find nothing to do. Bounded for
 * a catch-up many terms behind (each pass renews a policy at most once).
 */
const MAX_PASSES = 5;

/** Whether a day after today may be run: staging and tests only (README, configuration). */
function futureAllowed(): boolean {
  return process.env.LIFECYCLE_ALLOW_FUTURE === "1";
}

/**
 * POST /lifecycle/run (lifecycle.md section 4): applies every move due on or before `as_of`, step by step
 * in the spec's order, each policy in a short transaction of its own as "system:lifecycle", then the
 * renewal notices; one run at a time (409 otherwise), recorded in lifecycle_runs.
 */
export async function runLifecycle({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: RunLifecycleInput;
}): Promise<LifecycleRunResponse> {
  assertCan(ctx.actor, "lifecycle:run");
  const today = todayUtc();
  const asOf = input.as_of ?? today;
  if (asOf > today && !futureAllowed())
    throw new BusinessRuleError(`as_of ${asOf} is after today (${today} UTC)`, [
      { path: "as_of", message: "must not be after today", code: "date_in_future" },
    ]);

  return withLifecycleLock(async () => {
    const [run] = await ctx.db
      .insert(lifecycleRuns)
      .values({ asOf, startedBy: actorLabel(ctx.actor) })
      .returning({ id: lifecycleRuns.id });
    const system = systemContext(ctx.db, "lifecycle");
    const moved: LifecycleMoves = { not_taken_up: 0, in_arrears: 0, lapsed: 0, cancelled: 0, renewed: 0, expired: 0 };
    let notices = 0;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const renewedBefore = moved.renewed;
      for (const step of LIFECYCLE_STEPS) notices += await applyStep(system, step, asOf, moved);
      if (moved.renewed === renewedBefore) break;
    }
    notices += await sendRenewalNotices(system, asOf);
    await ctx.db
      .update(lifecycleRuns)
      .set({ finishedAt: new Date(), moved, notices })
      .where(eq(lifecycleRuns.id, run.id));
    return { as_of: asOf, moved, notices };
  });
}

/** Every policy due for `step`, batch after batch; adds to `moved`, returns the notices queued. */
async function applyStep(system: ServiceContext, step: Step, asOf: string, moved: LifecycleMoves): Promise<number> {
  const where = step.due(asOf);
  const chunkSize = "all" in step ? Math.ceil(BATCH_SIZE / CONCURRENT_MOVES) : MOVES_PER_TRANSACTION;
  let notices = 0;
  let afterId: string | null = null;
  for (;;) {
    const ids = await selectDueIds(system.db, where, afterId, BATCH_SIZE);
    if (ids.length === 0) return notices;
    const chunks = Array.from({ length: Math.ceil(ids.length / chunkSize) }, (_, at) =>
      ids.slice(at * chunkSize, (at + 1) * chunkSize),
    );
    await eachAtOnce(chunks, CONCURRENT_MOVES, async (chunk) => {
      try {
        const outcomes = await inTransaction(system, (tx) => moveChunk(tx, step, where, asOf, chunk));
        for (const outcome of outcomes) {
          moved[outcome.moved] += outcome.policies;
          notices += outcome.notices;
        }
      } catch (error) {
        // The transaction itself failed (the connection was lost): its policies are still due, and the
        // next run tries them again.
        logError("lifecycle run: a chunk of policies could not be moved", error, { asOf });
      }
    });
    afterId = ids[ids.length - 1];
  }
}

/**
 * Moves the still-due policies of `ids` inside the transaction `tx`: together, or each in a savepoint
 * when the step moves them one by one (the events a move queues join the transaction's only when its
 * savepoint is kept).
 */
async function moveChunk(
  tx: ServiceContext,
  step: Step,
  where: ReturnType<Step["due"]>,
  asOf: string,
  ids: readonly string[],
): Promise<Outcome[]> {
  if ("all" in step) {
    const dues = await lockDue(tx, where, ids);
    return dues.length > 0 ? [await step.all(tx, dues, asOf)] : [];
  }
  const outcomes: Outcome[] = [];
  for (const id of ids) {
    const events: NonNullable<ServiceContext["pendingEvents"]> = [];
    try {
      const outcome = await tx.db.transaction(async (savepoint) => {
        const one = { ...tx, db: savepoint, pendingEvents: events };
        const [due] = await lockDue(one, where, [id]);
        return due ? step.each(one, due, asOf) : null;
      });
      if (!outcome) continue;
      tx.pendingEvents!.push(...events);
      outcomes.push(outcome);
    } catch (error) {
      // One policy that cannot move (the processor down while ending its subscription) must not stop
      // the others: it is still due, and the next run tries it again.
      logError("lifecycle run: a policy could not be moved", error, { policyId: id, asOf });
    }
  }
  return outcomes;
}

/** Step 6's renewal notice (the other notices go out with their moves); returns the notices queued. */
async function sendRenewalNotices(system: ServiceContext, asOf: string): Promise<number> {
  const where = renewalNoticeDue(asOf);
  let notices = 0;
  let afterId: string | null = null;
  for (;;) {
    const batch = await selectDue(system.db, where, afterId, BATCH_SIZE);
    if (batch.length === 0) return notices;
    notices += await inTransaction(system, async (tx) => {
      let queued = 0;
      for (const due of batch) {
        // The renewal as it stands today: the next term's premium and the lives it would not keep.
        const plan = await planRenewal(tx.db, due.policy);
        if (!plan.renews) continue;
        queued += await sendNotice(tx, "policy.renewal_notice", due, asOf, {
          final_price: plan.premium,
          dropped: plan.dropped.map(({ beneficiary }) => `${beneficiary.firstName} ${beneficiary.lastName}`).join(", "),
        });
      }
      return queued;
    });
    afterId = batch[batch.length - 1].policy.id;
  }
}

/** Calls `fn` on every item, at most `workers` at a time. */
async function eachAtOnce<T>(items: readonly T[], workers: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(workers, items.length) }, worker));
}
