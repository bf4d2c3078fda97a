import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { PolicyStatus } from "@/db/enums";
import { beneficiaries, policies, policyStatusHistory, portfolioChanges, portfolioPending } from "@/db/schema";
import { addDays } from "@/lib/emission/premium-dates";
import { foldPortfolioTotals, readDayFigures, readWindowFigures } from "@/lib/reports/portfolio-totals";
import { createSellableVersion, createTestCompany } from "@/test/fixtures";
import { addPolicy, addTransaction, type Move } from "./book";

// The kept totals (lib/reports/portfolio-totals.ts) against a plain reference: for random books, edited
// between folds the way the services edit policies (a premium moves the paid-to date, the lifecycle adds
// a move, a life leaves), the figures of every day read from the totals are those worked out policy by
// policy from the rows, as claims-cover.md section 1 defines "in force on a day"; and so are the new
// business and the premiums received of the window up to each day.

const GRACE = 30;
const ENDING: readonly PolicyStatus[] = ["LAPSED", "CANCELLED", "EXPIRED", "NOT_TAKEN_UP"];
const STATUSES: readonly PolicyStatus[] = ["PENDING_PAYMENT", "ACTIVE", "IN_ARREARS", "LAPSED", "CANCELLED"];
const BASE = "2025-01-01";

type Life = { from: string; to: string | null };
type Payment = { on: string; amount: string };
type Policy = {
  startDate: string;
  paidToDate: string | null;
  finalPrice: string;
  moves: Move[];
  lives: Life[];
  payments: Payment[];
};

/** Days after BASE, as a date. */
const day = (offset: number) => addDays(BASE, offset);

/** The figures of `on` worked out one policy at a time (moves on distinct days, in order). */
function reference(book: Policy[], on: string) {
  const byStatus = new Map<string, number>();
  let inForce = 0;
  let lives = 0;
  let premium = 0;
  for (const policy of book) {
    const status = policy.moves.filter((move) => move.on <= on).at(-1)?.to ?? null;
    if (status) byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    const covered =
      policy.startDate <= on &&
      policy.paidToDate !== null &&
      on <= addDays(policy.paidToDate, GRACE) &&
      !(status && ENDING.includes(status));
    if (!covered) continue;
    inForce += 1;
    premium += Number(policy.finalPrice);
    lives += policy.lives.filter((life) => life.from <= on && (life.to === null || on <= life.to)).length;
  }
  return { byStatus, inForce, lives, premium: premium.toFixed(2) };
}

/** The new business and premiums received of the window [from, to], worked out one policy at a time. */
function windowReference(book: Policy[], from: string, to: string) {
  let newPolicies = 0;
  let received = 0;
  for (const policy of book) {
    const firstActive = policy.moves.find((move) => move.to === "ACTIVE")?.on;
    if (firstActive && from <= firstActive && firstActive <= to) newPolicies += 1;
    for (const payment of policy.payments)
      if (from <= payment.on && payment.on <= to) received += Math.round(Number(payment.amount) * 100);
  }
  return { newPolicies, received: (received / 100).toFixed(2) };
}

const movesArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 400 }), { minLength: 1, maxLength: 4 })
  .chain((days) =>
    fc.tuple(...days.sort((a, b) => a - b).map((on) => fc.tuple(fc.constant(on), fc.constantFrom(...STATUSES)))),
  )
  .map((moves) =>
    moves.map(([on, to], index): Move => ({ from: index === 0 ? null : moves[index - 1][1], to, on: day(on) })),
  );

const paymentArb: fc.Arbitrary<Payment> = fc.record({
  on: fc.integer({ min: 0, max: 460 }).map(day),
  amount: fc.integer({ min: 100, max: 9_999 }).map((cents) => (cents / 100).toFixed(2)),
});

const policyArb: fc.Arbitrary<Policy> = fc.record({
  startDate: fc.integer({ min: 0, max: 300 }).map(day),
  paidToDate: fc.option(fc.integer({ min: 0, max: 420 }).map(day), { nil: null }),
  finalPrice: fc.integer({ min: 100, max: 9_999 }).map((cents) => (cents / 100).toFixed(2)),
  moves: movesArb,
  lives: fc.array(
    fc
      .tuple(fc.integer({ min: 0, max: 400 }), fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }))
      .map(([from, length]): Life => ({ from: day(from), to: length === null ? null : day(from + length) })),
    { minLength: 1, maxLength: 3 },
  ),
  payments: fc.array(paymentArb, { maxLength: 3 }),
});

/** What the services do to a policy between two folds. */
type Edit =
  | { kind: "pay"; policy: number; days: number; payment: Payment }
  | { kind: "move"; policy: number; on: number; to: PolicyStatus }
  | { kind: "life_leaves"; policy: number; on: number };

const editArb = (policies: number): fc.Arbitrary<Edit> =>
  fc.oneof(
    fc.record({
      kind: fc.constant("pay" as const),
      policy: fc.nat(policies - 1),
      days: fc.integer({ min: 1, max: 90 }),
      payment: paymentArb,
    }),
    fc.record({
      kind: fc.constant("move" as const),
      policy: fc.nat(policies - 1),
      on: fc.integer({ min: 401, max: 460 }),
      to: fc.constantFrom(...STATUSES),
    }),
    fc.record({
      kind: fc.constant("life_leaves" as const),
      policy: fc.nat(policies - 1),
      on: fc.integer({ min: 0, max: 460 }),
    }),
  );

let versionId: string;

/** A premium received on `payment.on`, as a PAID transaction. */
const pay = (policyId: string, payment: Payment) =>
  addTransaction({
    policyId,
    kind: "MANUAL",
    status: "PAID",
    amount: payment.amount,
    currency: "USD",
    on: payment.on,
  });

beforeAll(async () => {
  versionId = (await createSellableVersion({ grace_period_days: GRACE })).version.id;
});

describe("the portfolio's kept totals", () => {
  it("equal the figures worked out policy by policy, after every fold of an edited book", async () => {
    const db = await getDb();
    await fc.assert(
      fc.asyncProperty(
        fc.array(policyArb, { minLength: 1, maxLength: 4 }).chain((book) =>
          fc.record({
            book: fc.constant(book),
            edits: fc.array(editArb(book.length), { minLength: 1, maxLength: 4 }),
            days: fc.array(fc.integer({ min: 0, max: 480 }), { minLength: 3, maxLength: 6 }),
          }),
        ),
        async ({ book, edits, days }) => {
          const companyId = (await createTestCompany()).id;
          const kept = book.map((policy) => structuredClone(policy));
          const rows = [];
          for (const policy of kept)
            rows.push(
              await addPolicy({
                companyId,
                versionId,
                startDate: policy.startDate,
                paidToDate: policy.paidToDate,
                status: policy.moves.at(-1)?.to ?? "PENDING_PAYMENT",
                finalPrice: policy.finalPrice,
                moves: policy.moves,
                lives: policy.lives,
              }),
            );
          for (const [at, policy] of kept.entries())
            for (const payment of policy.payments) await pay(rows[at].id, payment);
          const check = async () => {
            await foldPortfolioTotals(db);
            const onDays = days.map(day);
            const figures = await readDayFigures(db, onDays, eq(portfolioChanges.companyId, companyId));
            for (const on of onDays) {
              const expected = reference(kept, on);
              const read = figures.get(on)!;
              expect({ day: on, byStatus: Object.fromEntries(read.byStatus) }).toEqual({
                day: on,
                byStatus: Object.fromEntries([...expected.byStatus].filter(([, n]) => n > 0)),
              });
              expect({ day: on, inForce: read.inForce, lives: read.lives }).toEqual({
                day: on,
                inForce: expected.inForce,
                lives: expected.lives,
              });
              expect({ day: on, premium: read.premium.get("USD")?.amount.toFixed(2) ?? "0.00" }).toEqual({
                day: on,
                premium: expected.premium,
              });
              // The window from the first day of the book's first month to the day.
              const window = await readWindowFigures(
                db,
                { from: BASE, to: on },
                eq(portfolioChanges.companyId, companyId),
              );
              const expectedWindow = windowReference(kept, BASE, on);
              const sum = (measure: string, pick: (row: (typeof window)[number]) => number) =>
                window.filter((row) => row.measure === measure).reduce((total, row) => total + pick(row), 0);
              expect({ day: on, newPolicies: sum("new", (row) => row.policies) }).toEqual({
                day: on,
                newPolicies: expectedWindow.newPolicies,
              });
              expect({ day: on, received: sum("received", (row) => Math.round(Number(row.amount) * 100)) }).toEqual({
                day: on,
                received: Math.round(Number(expectedWindow.received) * 100),
              });
            }
          };
          await check();
          for (const edit of edits) {
            const policy = kept[edit.policy];
            const { id, lives } = rows[edit.policy];
            if (edit.kind === "pay") {
              policy.paidToDate = addDays(policy.paidToDate ?? addDays(policy.startDate, -1), edit.days);
              await db.update(policies).set({ paidToDate: policy.paidToDate }).where(eq(policies.id, id));
              policy.payments.push(edit.payment);
              await pay(id, edit.payment);
            } else if (edit.kind === "move") {
              const on = day(edit.on);
              if (policy.moves.some((move) => move.on >= on)) continue;
              policy.moves.push({ from: policy.moves.at(-1)?.to ?? null, to: edit.to, on });
              await db.insert(policyStatusHistory).values({
                policyId: id,
                fromStatus: policy.moves.at(-2)?.to ?? null,
                toStatus: edit.to,
                changedBy: "test:totals",
                reason: "edit",
                changedAt: new Date(`${on}T12:00:00Z`),
                effectiveDate: on,
              });
            } else {
              const life = policy.lives.findIndex((one) => one.to === null);
              if (life === -1) continue;
              const to = day(edit.on) < policy.lives[life].from ? policy.lives[life].from : day(edit.on);
              policy.lives[life].to = to;
              await db.update(beneficiaries).set({ coverEndDate: to }).where(eq(beneficiaries.id, lives[life]));
            }
            await check();
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("take in a premium paid after a fold at the next fold, and only what changed", async () => {
    const db = await getDb();
    const companyId = (await createTestCompany()).id;
    const { id } = await addPolicy({
      companyId,
      versionId,
      startDate: "2025-01-10",
      paidToDate: "2025-02-09",
      status: "ACTIVE",
      moves: [{ from: null, to: "ACTIVE", on: "2025-01-10" }],
    });
    await foldPortfolioTotals(db);
    const inForceOn = async (on: string) =>
      (await readDayFigures(db, [on], eq(portfolioChanges.companyId, companyId))).get(on)!.inForce;
    expect(await inForceOn("2025-04-01")).toBe(0);
    expect(await db.select().from(portfolioPending).where(eq(portfolioPending.policyId, id))).toHaveLength(0);

    // A write the figures do not read (the credit) queues nothing; the paid-to date does.
    await db.update(policies).set({ credit: "3.00" }).where(eq(policies.id, id));
    expect(await db.select().from(portfolioPending).where(eq(portfolioPending.policyId, id))).toHaveLength(0);
    await db.update(policies).set({ paidToDate: "2025-05-09" }).where(eq(policies.id, id));
    expect(await db.select().from(portfolioPending).where(eq(portfolioPending.policyId, id))).toHaveLength(1);
    expect(await inForceOn("2025-04-01")).toBe(0);
    await foldPortfolioTotals(db);
    expect(await inForceOn("2025-04-01")).toBe(1);
  });
});
