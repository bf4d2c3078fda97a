import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { policyStatusHistory } from "@/db/schema";
import { api } from "@/test/api";
import { dateFromToday, issueTestPolicy, payTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";

// docs/names.md: a policy's status history keeps `changed_by` and names it: the user's full name (the
// e-mail when there is none), the API key's name, null for the system.

let seller: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR", { fullName: "Sofía Ramírez" });
  admin = await signInAs("ADMIN");
});

describe("GET /emission/policies/{id}: status_history names who moved the policy", () => {
  it("names a user, a user without a name (by e-mail), an API key and the system", async () => {
    const { policy } = await issueTestPolicy(seller);
    await payTestPolicy(admin, policy.id);
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "Back-office robot", permissions: ["emission:read", "policies:transition"] },
    });
    expect(key.status, key.text).toBe(201);
    const moved = await api("POST", `/api/v1/emission/policies/${policy.id}/transition`, {
      apiKey: key.body.key,
      body: { to_status: "IN_ARREARS", reason: "premium unpaid" },
    });
    expect(moved.status, moved.text).toBe(200);
    await (await getDb()).insert(policyStatusHistory).values({
      policyId: policy.id,
      fromStatus: "IN_ARREARS",
      toStatus: "LAPSED",
      changedBy: "system:lifecycle",
      reason: "grace period over",
      effectiveDate: dateFromToday(0),
    });

    const read = await api("GET", `/api/v1/emission/policies/${policy.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    const names = read.body.status_history.map(
      (entry: {
        to_status: string;
        changed_by: string;
        changed_by_name: string | null;
        changed_by_email: string | null;
      }) => [entry.to_status, entry.changed_by, entry.changed_by_name, entry.changed_by_email],
    );
    expect(names).toEqual([
      ["PENDING_PAYMENT", seller.user.id, "Sofía Ramírez", seller.user.email],
      ["ACTIVE", admin.user.id, admin.user.email, admin.user.email],
      ["IN_ARREARS", `api_key:${key.body.id}`, "Back-office robot", null],
      ["LAPSED", "system:lifecycle", null, null],
    ]);
  });
});
