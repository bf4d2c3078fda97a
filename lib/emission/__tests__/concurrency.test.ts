import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { policies } from "@/db/schema";
import { createSellableVersion, createTestClient, signInAs, type SignedIn } from "@/test/fixtures";
import { issueBody, issueViaApi, person, sequenceOf } from "./helpers";

// Issues at the same instant. On the PostgreSQL server (TEST_DATABASE_URL) these requests really overlap
// on separate connections; on PGlite they are queued on its one connection, and the same answers hold.

let seller: SignedIn;
let versionId: string;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
  versionId = (await createSellableVersion()).version.id;
});

describe("concurrent issues", () => {
  it("20 issues at once get 20 distinct, consecutive policy numbers", async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => createTestClient(seller)));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        issueViaApi(
          seller.token,
          issueBody(clients[i % 4].id, versionId, {
            beneficiaries: [person(), person({ kinship_type: "CHILD", date_of_birth: "2012-01-01" })],
          }),
        ),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const numbers = responses.map((response) => response.body.policy_number as string);
    expect(new Set(numbers).size).toBe(20);
    const sequence = numbers.map(sequenceOf).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: 20 }, (_, i) => sequence[0] + i));

    const db = await getDb();
    const [{ stored, distinct }] = await db
      .select({ stored: count(), distinct: count(policies.policyNumber) })
      .from(policies);
    const [{ unique }] = await db
      .select({ unique: count() })
      .from(db.selectDistinct({ number: policies.policyNumber }).from(policies).as("numbers"));
    expect(distinct).toBe(stored);
    expect(unique).toBe(stored);
  });

  it("two requests at once with one Idempotency-Key store one policy and both answer 201 with the same body", async () => {
    const client = await createTestClient(seller);
    const key = randomUUID();
    const body = issueBody(client.id, versionId);
    const [a, b] = await Promise.all([
      issueViaApi(seller.token, body, { "Idempotency-Key": key }),
      issueViaApi(seller.token, body, { "Idempotency-Key": key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    // Exactly one of them is the replay.
    expect([a.headers.get("idempotent-replayed"), b.headers.get("idempotent-replayed")].sort()).toEqual(
      [null, "true"].sort(),
    );
    const db = await getDb();
    const [{ n }] = await db.select({ n: count() }).from(policies).where(eq(policies.clientId, client.id));
    expect(n).toBe(1);
  });

  it("five requests at once with one key and another five with a second key store two policies", async () => {
    const client = await createTestClient(seller);
    const [first, second] = [randomUUID(), randomUUID()];
    const body = issueBody(client.id, versionId);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        issueViaApi(seller.token, body, { "Idempotency-Key": i % 2 ? first : second }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(201));
    expect(new Set(responses.map((response) => response.body.id)).size).toBe(2);
    const db = await getDb();
    const [{ n }] = await db.select({ n: count() }).from(policies).where(eq(policies.clientId, client.id));
    expect(n).toBe(2);
  });
});
