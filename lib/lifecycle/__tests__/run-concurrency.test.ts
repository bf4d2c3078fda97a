import { eq, inArray, notInArray } from "drizzle-orm";
import postgres from "postgres";
import { beforeAll, describe, expect, it } from "vitest";
import { getConnection, getDb } from "@/db";
import { policies, policyStatusHistory } from "@/db/schema";
import { LIFECYCLE_LOCK_KEY } from "@/lib/lifecycle/run/lock";
import { api } from "@/test/api";
import { issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";

// Two lifecycle runs at once on the PostgreSQL server (TEST_DATABASE_URL): the lock is a session advisory
// lock, so a run in another process (here: another session holding the same lock) is seen, and runs
// started together do the work once. PGlite's in-process guard is covered in run.test.ts.

const server = process.env.TEST_DATABASE_URL;

describe.skipIf(!server)("lifecycle runs at once, on PostgreSQL", () => {
  let admin: SignedIn;
  let seller: SignedIn;

  beforeAll(async () => {
    admin = await signInAs("ADMIN");
    seller = await signInAs("VENDEDOR");
  });

  const run = () => api("POST", "/api/v1/lifecycle/run", { token: admin.token, body: { as_of: "2026-05-15" } });

  async function duePolicies(count: number): Promise<string[]> {
    const db = await getDb();
    await db
      .update(policies)
      .set({ status: "CANCELLED" })
      .where(notInArray(policies.status, ["CANCELLED", "EXPIRED", "NOT_TAKEN_UP"]));
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const { policy } = await issueTestPolicy(seller);
      await db
        .update(policies)
        .set({
          status: "ACTIVE",
          startDate: "2026-03-15",
          termStartDate: "2026-03-15",
          endDate: "2027-03-14",
          paidToDate: "2026-05-14",
        })
        .where(eq(policies.id, policy.id));
      ids.push(policy.id);
    }
    return ids;
  }

  it("answers 409 at once while another session holds the run's lock, and runs once it is let go", async () => {
    const [id] = await duePolicies(1);
    const other = postgres((await getConnection()).url!, { max: 1, onnotice: () => {} });
    try {
      await other`select pg_advisory_lock(${LIFECYCLE_LOCK_KEY})`;
      const refused = await run();
      expect([refused.status, refused.body.detail]).toEqual([409, "a lifecycle run is in progress"]);
      expect((await (await getDb()).select().from(policies).where(eq(policies.id, id)))[0].status).toBe("ACTIVE");
      await other`select pg_advisory_unlock(${LIFECYCLE_LOCK_KEY})`;
      const done = await run();
      expect(done.status, done.text).toBe(200);
      expect(done.body.moved.in_arrears).toBe(1);
    } finally {
      await other.end();
    }
  });

  it("four runs started together move each due policy once", async () => {
    const ids = await duePolicies(12);
    const answers = await Promise.all(Array.from({ length: 4 }, run));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((response) => response.status !== 200))
      expect([answer.status, answer.body.detail]).toEqual([409, "a lifecycle run is in progress"]);
    const moved = answers
      .filter((answer) => answer.status === 200)
      .reduce((sum, answer) => sum + answer.body.moved.in_arrears, 0);
    expect(moved).toBe(12);
    const rows = await (
      await getDb()
    )
      .select()
      .from(policyStatusHistory)
      .where(inArray(policyStatusHistory.policyId, ids));
    expect(rows.filter((row) => row.toStatus === "IN_ARREARS")).toHaveLength(12);
  });
});
