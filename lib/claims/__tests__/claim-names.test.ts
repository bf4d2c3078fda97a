import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { signInAs, type SignedIn } from "@/test/fixtures";
import { addExpense, approvableClaim, moveAlong, recordPayout, type Body } from "./claim-fixtures";

// docs/names.md: a claim keeps the ids of who moved it, paid it out and corrected it, and names them
// (`<x>_name`): the user's full name, or the e-mail when the user has none.

let seller: SignedIn;
let admin: SignedIn;
let manager: SignedIn;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR", { fullName: "Sofía Ramírez" });
  admin = await signInAs("ADMIN");
  manager = await signInAs("ADMIN", { fullName: "Marta Gómez" });
});

describe("GET /claims/{id}: the people behind a claim by name", () => {
  it("names who moved the claim, recorded a payout and corrected it, and keeps their ids", async () => {
    const claim = await approvableClaim(seller, admin);
    expect(
      (await addExpense(seller, claim.id, { amount: "900", currency: "USD", expense_type: "FUNERAL_SERVICE" })).status,
    ).toBe(201);
    await moveAlong(admin, claim.id, ["IN_REVIEW", "APPROVED"]);
    const payout = await recordPayout(admin, claim.id, { amount: "500", currency: "USD" });
    expect(payout.status, payout.text).toBe(201);
    // The response of the write already names its author.
    expect(payout.body).toMatchObject({ created_by: admin.user.id, created_by_name: admin.user.email });
    const corrected = await api("POST", `/api/v1/claims/${claim.id}/payouts/${payout.body.id}/corrections`, {
      token: manager.token,
      body: { amount: "450", reason: "bank fee refunded" },
    });
    expect(corrected.status, corrected.text).toBe(201);
    expect(corrected.body.corrections[0]).toMatchObject({
      corrected_by: manager.user.id,
      corrected_by_name: "Marta Gómez",
    });

    const read = await api("GET", `/api/v1/claims/${claim.id}`, { token: admin.token });
    expect(read.status).toBe(200);
    expect(
      read.body.status_history.map((row: Body) => [
        row.to_status,
        row.changed_by,
        row.changed_by_name,
        row.changed_by_email,
      ]),
    ).toEqual([
      ["PENDING", seller.user.id, "Sofía Ramírez", seller.user.email],
      ["IN_REVIEW", admin.user.id, admin.user.email, admin.user.email],
      ["APPROVED", admin.user.id, admin.user.email, admin.user.email],
    ]);
    const [paid] = read.body.payouts;
    expect([paid.created_by, paid.created_by_name]).toEqual([admin.user.id, admin.user.email]);
    expect(paid.corrections.map((row: Body) => [row.corrected_by, row.corrected_by_name])).toEqual([
      [manager.user.id, "Marta Gómez"],
    ]);
  });
});
