import { randomUUID } from "node:crypto";
import { getDb } from "@/db";
import type { ClaimStatus, PolicyStatus, TransactionKind, TransactionStatus } from "@/db/enums";
import {
  beneficiaries,
  claimPayouts,
  claims,
  claimStatusHistory,
  clients,
  policies,
  policyStatusHistory,
  transactions,
} from "@/db/schema";
import { nextClaimNumber } from "@/lib/claims/claim-numbers";
import { addDays, addMonths } from "@/lib/emission/premium-dates";
import { uniqueEmail } from "@/test/fixtures";

// A book of policies written straight into the tables, with the dates each row took effect: the
// report's figures are then computed by hand in the tests. The rows are those the services write
// (issue: a move from null into PENDING_PAYMENT; the first premium: into ACTIVE; an import: from null
// into ACTIVE with reason "imported"; the lifecycle: IN_ARREARS, LAPSED, ... on their effective dates).

export type Move = { from: PolicyStatus | null; to: PolicyStatus; on: string; reason?: string };

export type BookPolicy = {
  companyId: string;
  businessUnitId?: string | null;
  versionId: string;
  startDate: string;
  paidToDate: string | null;
  /** The status now (the last move's, usually). */
  status: PolicyStatus;
  finalPrice?: string;
  currency?: string;
  moves: Move[];
  /** The lives' cover dates; one life covered from start_date by default. */
  lives?: Array<{ from: string; to?: string | null }>;
};

const noon = (day: string) => new Date(`${day}T12:00:00Z`);

/** Writes a policy, its client, lives and history; returns its id and its lives' ids. */
export async function addPolicy(input: BookPolicy): Promise<{ id: string; lives: string[] }> {
  const db = await getDb();
  const [client] = await db
    .insert(clients)
    .values({
      firstName: "Ana",
      lastName: "Pérez",
      email: uniqueEmail("book"),
      birthDate: "1980-01-01",
      nationality: "MX",
      countryOfResidence: "MX",
      companyId: input.companyId,
      businessUnitId: input.businessUnitId ?? null,
    })
    .returning();
  const [policy] = await db
    .insert(policies)
    .values({
      policyNumber: `BOOK-${randomUUID()}`,
      clientId: client.id,
      planVersionId: input.versionId,
      companyId: input.companyId,
      businessUnitId: input.businessUnitId ?? null,
      startDate: input.startDate,
      termStartDate: input.startDate,
      endDate: addDays(addMonths(input.startDate, 12), -1),
      currency: input.currency ?? "USD",
      finalPrice: input.finalPrice ?? "25.00",
      status: input.status,
      paidToDate: input.paidToDate,
      lapsedOn: input.moves.findLast((move) => move.to === "LAPSED")?.on ?? null,
    })
    .returning();
  const lives = await db
    .insert(beneficiaries)
    .values(
      (input.lives ?? [{ from: input.startDate }]).map((life, position) => ({
        policyId: policy.id,
        firstName: `Life ${position}`,
        lastName: "Pérez",
        kinshipType: position === 0 ? ("SELF" as const) : ("CHILD" as const),
        dateOfBirth: "1985-03-01",
        ageAtStart: 40,
        ageAtTermStart: 40,
        price: "25.00",
        coverStartDate: life.from,
        coverEndDate: life.to ?? null,
        position,
      })),
    )
    .returning();
  await db.insert(policyStatusHistory).values(
    input.moves.map((move) => ({
      policyId: policy.id,
      fromStatus: move.from,
      toStatus: move.to,
      changedBy: "test:book",
      reason: move.reason ?? `to ${move.to}`,
      changedAt: noon(move.on),
      effectiveDate: move.on,
    })),
  );
  return { id: policy.id, lives: lives.map((life) => life.id) };
}

/** Issued on `issued`, first premium on `paid`: the two moves every sold policy starts with. */
export function sold(issued: string, paid: string): Move[] {
  return [
    { from: null, to: "PENDING_PAYMENT", on: issued, reason: "issued" },
    { from: "PENDING_PAYMENT", to: "ACTIVE", on: paid, reason: "first premium" },
  ];
}

/** A claim on the policy's first life, moved through `moves` (the first is its opening), with payouts. */
export async function addClaim(input: {
  policy: { id: string; lives: string[] };
  companyId: string;
  businessUnitId?: string | null;
  moves: Array<{ to: ClaimStatus; on: string }>;
  payouts?: Array<{ amount: string; currency: string; on: string }>;
}): Promise<string> {
  const db = await getDb();
  const last = input.moves[input.moves.length - 1];
  const [claim] = await db
    .insert(claims)
    .values({
      claimNumber: await nextClaimNumber(db, input.companyId, Number(input.moves[0].on.slice(0, 4))),
      policyId: input.policy.id,
      beneficiaryId: input.policy.lives[0],
      companyId: input.companyId,
      businessUnitId: input.businessUnitId ?? null,
      description: "test claim",
      status: last.to,
      reportedAt: noon(input.moves[0].on),
    })
    .returning();
  await db.insert(claimStatusHistory).values(
    input.moves.map((move, index) => ({
      claimId: claim.id,
      fromStatus: index === 0 ? null : input.moves[index - 1].to,
      toStatus: move.to,
      changedBy: "test:book",
      reason: `to ${move.to}`,
      changedAt: noon(move.on),
    })),
  );
  for (const payout of input.payouts ?? [])
    await db.insert(claimPayouts).values({
      claimId: claim.id,
      payeeType: "FUNERAL_HOME",
      payeeName: "Funeraria",
      amount: payout.amount,
      currency: payout.currency,
      method: "BANK_TRANSFER",
      createdBy: "test:book",
      createdAt: noon(payout.on),
    });
  return claim.id;
}

/** A transaction of the policy made on `on` (and paid then, when PAID). A refund's amount is negative. */
export async function addTransaction(input: {
  policyId: string;
  kind: TransactionKind;
  status: TransactionStatus;
  amount: string;
  currency: string;
  on: string;
}): Promise<void> {
  const db = await getDb();
  await db.insert(transactions).values({
    policyId: input.policyId,
    kind: input.kind,
    status: input.status,
    amount: input.amount,
    currency: input.currency,
    createdAt: noon(input.on),
    paidAt: input.status === "PAID" ? noon(input.on) : null,
  });
}
