import { randomInt, randomUUID } from "node:crypto";
import { getDb } from "@/db";
import { auditLogs, claims, clients, leads, notifications, transactions, users } from "@/db/schema";
import { nextClaimNumbers } from "@/lib/claims/claim-numbers";
import type { ListName } from "@/lib/paging";
import { createTestCompany, issueTestPolicy, signInAs, uniqueEmail, type SignedIn } from "./fixtures";

// The eight lists (reports.md sections 2 and 3) seen alike by the paging and export tests: where each is
// served, who reads it, the filter that keeps a test to its own rows, and how to add rows fast (inserted
// straight into the tables: what these tests check is reading, not writing).

export type ListCase = {
  list: ListName;
  path: string;
  /** A bare-array list (the cursor in the Next-Cursor header). */
  bare: boolean;
  /** Who reads it: a seller of the test's company, or an ADMIN for the lists only ADMIN reads. */
  reader: SignedIn;
  /** The query that keeps the list to this test's rows ("" when the reader's scope does). */
  filter: string;
  /** Adds `count` rows; their ids. */
  seed: (count: number) => Promise<string[]>;
};

export type ListWorld = {
  companyId: string;
  admin: SignedIn;
  seller: SignedIn;
  policy: { id: string; beneficiaryId: string };
  cases: ListCase[];
};

/** A company of its own with a seller, a policy, and the eight lists ready to seed. */
export async function listWorld(): Promise<ListWorld> {
  const companyId = (await createTestCompany()).id;
  const [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR", { companyId })]);
  const issued = await issueTestPolicy(seller);
  const policy = { id: issued.policy.id, beneficiaryId: issued.policy.beneficiaries[0].id };
  const tag = randomUUID().slice(0, 8);
  const db = await getDb();
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id);
  const times = (count: number) => Array.from({ length: count }, (_, index) => index);
  const cases: ListCase[] = [
    {
      list: "clients",
      path: "/api/v1/emission/clients",
      bare: false,
      reader: seller,
      filter: "",
      seed: async (count) =>
        ids(
          await db
            .insert(clients)
            .values(
              times(count).map((index) => ({
                firstName: "Seed",
                lastName: `Client ${index}`,
                email: uniqueEmail("seed"),
                birthDate: "1980-01-01",
                nationality: "MX",
                countryOfResidence: "MX",
                companyId,
              })),
            )
            .returning({ id: clients.id }),
        ),
    },
    {
      list: "policies",
      path: "/api/v1/emission/policies",
      bare: false,
      reader: seller,
      filter: "",
      seed: async (count) => {
        const made: string[] = [];
        for (let index = 0; index < count; index++) made.push((await issueTestPolicy(seller)).policy.id);
        return made;
      },
    },
    {
      list: "transactions",
      path: "/api/v1/payments/transactions",
      bare: true,
      reader: seller,
      filter: `policy_id=${policy.id}`,
      seed: async (count) =>
        ids(
          await db
            .insert(transactions)
            .values(
              times(count).map((index) => ({
                policyId: policy.id,
                kind: "MANUAL" as const,
                status: "PAID" as const,
                amount: `${10 + index}.50`,
                currency: "USD",
              })),
            )
            .returning({ id: transactions.id }),
        ),
    },
    {
      list: "claims",
      path: "/api/v1/claims",
      bare: false,
      reader: seller,
      filter: `policy_id=${policy.id}`,
      seed: async (count) => {
        const numbers = await nextClaimNumbers(db, companyId, new Date().getUTCFullYear(), count);
        return ids(
          await db
            .insert(claims)
            .values(
              times(count).map((index) => ({
                claimNumber: numbers[index],
                policyId: policy.id,
                beneficiaryId: policy.beneficiaryId,
                companyId,
                description: `Seeded claim ${index}`,
                // Every other one overdue, so that the overdue-first order differs from the walk's.
                status: "APPROVED" as const,
                settleBy: new Date(Date.now() + (index % 2 === 0 ? -1 : 1) * 86_400_000),
              })),
            )
            .returning({ id: claims.id }),
        );
      },
    },
    {
      list: "leads",
      path: "/api/v1/leads",
      bare: true,
      reader: seller,
      filter: "",
      seed: async (count) =>
        ids(
          await db
            .insert(leads)
            .values(
              times(count).map(() => ({
                phoneE164: `+52155${String(randomInt(10_000_000)).padStart(7, "0")}`,
                firstName: "Seed",
                companyId,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: leads.id }),
        ),
    },
    {
      list: "audit",
      path: "/api/v1/audit",
      bare: false,
      reader: admin,
      filter: `entity=seed-${tag}`,
      seed: async (count) =>
        ids(
          await db
            .insert(auditLogs)
            .values(
              times(count).map((index) => ({
                action: "SEEDED",
                actor: "test",
                entity: `seed-${tag}`,
                companyId,
                details: { index },
              })),
            )
            .returning({ id: auditLogs.id }),
        ),
    },
    {
      list: "notifications",
      path: "/api/v1/notifications",
      bare: false,
      reader: admin,
      filter: `recipient=seed-${tag}@example.com`,
      seed: async (count) =>
        ids(
          await db
            .insert(notifications)
            .values(
              times(count).map((index) => ({
                channel: "EMAIL" as const,
                recipient: `seed-${tag}@example.com`,
                template: "seed.test",
                payload: { index },
                companyId,
              })),
            )
            .returning({ id: notifications.id }),
        ),
    },
    {
      list: "users",
      path: "/api/v1/auth/users",
      bare: false,
      reader: admin,
      filter: `company_id=${companyId}`,
      seed: async (count) =>
        ids(
          await db
            .insert(users)
            .values(times(count).map(() => ({ email: uniqueEmail("seed"), companyId })))
            .returning({ id: users.id }),
        ),
    },
  ];
  return { companyId, admin, seller, policy, cases };
}
