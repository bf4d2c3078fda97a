import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { idempotencyKeys, policies } from "@/db/schema";
import { createSellableVersion, createTestClient, dateFromToday, signInAs, type SignedIn } from "@/test/fixtures";
import { emissionCounts, issueBody, issueViaApi, person } from "./helpers";

// Idempotency-Key on POST /api/v1/emission/issue (contract section 1): the same key and body answer the
// first response and issue once; another body is 409; keys are the caller's own; a refused request
// leaves no key behind, so it can be corrected and sent again with the same key.

let seller: SignedIn;
let versionId: string;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
  versionId = (await createSellableVersion()).version.id;
});

async function policiesOf(clientId: string) {
  const db = await getDb();
  return (await db.select({ n: count() }).from(policies).where(eq(policies.clientId, clientId)))[0].n;
}

function withKey(key: string) {
  return { "Idempotency-Key": key };
}

describe("Idempotency-Key on POST /emission/issue", () => {
  it("answers the same key and body with the first response, marked Idempotent-Replayed, and issues once", async () => {
    const client = await createTestClient(seller);
    const key = randomUUID();
    const body = issueBody(client.id, versionId);
    const first = await issueViaApi(seller.token, body, withKey(key));
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await issueViaApi(seller.token, body, withKey(key));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    expect(again.body.policy_number).toBe(first.body.policy_number);
    expect(await policiesOf(client.id)).toBe(1);

    // A third time, with the same fields in another order: still the same request.
    const reordered = await issueViaApi(
      seller.token,
      {
        beneficiaries: body.beneficiaries,
        start_date: body.start_date,
        plan_version_id: versionId,
        client_id: client.id,
      },
      withKey(key),
    );
    expect(reordered.status).toBe(201);
    expect(reordered.body.id).toBe(first.body.id);
    expect(await policiesOf(client.id)).toBe(1);
  });

  it("does nothing twice: no second history row, audit entry, notification or number", async () => {
    const client = await createTestClient(seller);
    const key = randomUUID();
    const body = issueBody(client.id, versionId);
    expect((await issueViaApi(seller.token, body, withKey(key))).status).toBe(201);
    const before = await emissionCounts();
    expect((await issueViaApi(seller.token, body, withKey(key))).status).toBe(201);
    expect(await emissionCounts()).toEqual(before);
  });

  it("issues again for the same body without a key, or with another key", async () => {
    const client = await createTestClient(seller);
    const body = issueBody(client.id, versionId);
    const first = await issueViaApi(seller.token, body, withKey(randomUUID()));
    const other = await issueViaApi(seller.token, body, withKey(randomUUID()));
    const none = await issueViaApi(seller.token, body);
    expect([first.status, other.status, none.status]).toEqual([201, 201, 201]);
    expect(new Set([first.body.id, other.body.id, none.body.id]).size).toBe(3);
    expect(await policiesOf(client.id)).toBe(3);
  });

  it("answers 409 for the same key with another body, and issues nothing more", async () => {
    const client = await createTestClient(seller);
    const key = randomUUID();
    expect((await issueViaApi(seller.token, issueBody(client.id, versionId), withKey(key))).status).toBe(201);
    const changed = await issueViaApi(
      seller.token,
      issueBody(client.id, versionId, { start_date: dateFromToday(2) }),
      withKey(key),
    );
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual({
      detail: "this Idempotency-Key was already used with a different request body",
      code: "conflict",
    });
    expect(await policiesOf(client.id)).toBe(1);
  });

  it("keeps the keys of different callers apart", async () => {
    const otherSeller = await signInAs("VENDEDOR");
    const client = await createTestClient(seller);
    const key = `shared-${randomUUID()}`;
    const body = issueBody(client.id, versionId);
    const mine = await issueViaApi(seller.token, body, withKey(key));
    const theirs = await issueViaApi(otherSeller.token, body, withKey(key));
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.policy_number).not.toBe(mine.body.policy_number);
    expect(await policiesOf(client.id)).toBe(2);
  });

  it("rolls the key back with a refused request: the corrected request is issued with the same key", async () => {
    const client = await createTestClient(seller);
    const key = randomUUID();
    const tooOld = issueBody(client.id, versionId, { beneficiaries: [person({ date_of_birth: "1930-01-01" })] });
    const refused = await issueViaApi(seller.token, tooOld, withKey(key));
    expect(refused.status).toBe(422);
    const db = await getDb();
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
    // Sent again unchanged it is checked again (no stored 422 is replayed) ...
    const repeated = await issueViaApi(seller.token, tooOld, withKey(key));
    expect(repeated.status).toBe(422);
    expect(repeated.headers.get("idempotent-replayed")).toBeNull();
    // ... and corrected, the same key issues it.
    const fixed = await issueViaApi(seller.token, issueBody(client.id, versionId), withKey(key));
    expect(fixed.status, fixed.text).toBe(201);
    expect(fixed.headers.get("idempotent-replayed")).toBeNull();
    expect(await policiesOf(client.id)).toBe(1);
    const [stored] = await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(stored).toMatchObject({ responseStatus: 201, responseBody: fixed.body });
  });

  it.each([
    ["empty", ""],
    ["256 characters long", "k".repeat(256)],
    ["not ASCII", "clé-de-idempotencia"],
    ["holding a space", "two words"],
  ])("answers 422 for a key that is %s, and issues nothing", async (_, key) => {
    const client = await createTestClient(seller);
    const response = await issueViaApi(seller.token, issueBody(client.id, versionId), withKey(key));
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: "Idempotency-Key must be 1 to 255 printable ASCII characters",
      code: "validation_error",
    });
    expect(await policiesOf(client.id)).toBe(0);
  });

  it("accepts a key of 255 printable characters", async () => {
    const client = await createTestClient(seller);
    const key = `${randomUUID()}~!`.padEnd(255, "x");
    const response = await issueViaApi(seller.token, issueBody(client.id, versionId), withKey(key));
    expect(response.status).toBe(201);
  });
});
