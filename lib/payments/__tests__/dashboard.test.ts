import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/lib/testing/api";
import { issueTestPolicy, signInAs, type SignedIn } from "@/lib/testing/fixtures";
import { createCompanyWith, withFakeStripe } from "./helpers";

// GET /payments/reseller/dashboard: gross, commission (commission_rate %, rounded half-up per month) and
// net by month of payment, and the count of active subscriptions.

const { fake } = withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;
let companyId: string;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  const company = await createCompanyWith({ is_reseller: true, commission_rate: "12.50" });
  companyId = company.id;
  seller = await signInAs("VENDEDOR", { companyId });
});

function pay(policyId: string, amount: string, paidAt: string) {
  return api("POST", "/api/v1/payments/manual", { token: admin.token, body: { policy_id: policyId, amount, paid_at: paidAt } });
}

function dashboard(token: string, query = "") {
  return api("GET", `/api/v1/payments/reseller/dashboard${query}`, { token });
}

describe("GET /payments/reseller/dashboard", () => {
  it("adds PAID transactions up by month, with the commission rounded half-up and the net", async () => {
    // January: 10.00 + 15.00 = 25.00, commission 12.50% = 3.125 -> 3.13 (half-up; half-even would give 3.12).
    const { policy: january } = await issueTestPolicy(seller);
    expect((await pay(january.id, "10.00", "2026-01-10T12:00:00Z")).status).toBe(201);
    expect((await pay(january.id, "15.00", "2026-01-31T23:59:59Z")).status).toBe(201);
    // February: 7.00, commission 0.875 -> 0.88. A PENDING intent is not money received.
    const { policy: february } = await issueTestPolicy(seller);
    expect((await pay(february.id, "7.00", "2026-02-01T00:00:00Z")).status).toBe(201);
    expect((await api("POST", "/api/v1/payments/intent", { token: seller.token, body: { policy_id: february.id } })).status).toBe(201);
    // Another company's payment is not counted.
    const { policy: elsewhere } = await issueTestPolicy(await signInAs("VENDEDOR"));
    expect((await pay(elsewhere.id, "25.00", "2026-01-15T12:00:00Z")).status).toBe(201);

    const response = await dashboard(seller.token);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      company_id: companyId,
      commission_rate: "12.50",
      currency: "USD",
      active_subscriptions: 0,
      gross_amount: "32.00",
      commission_amount: "4.01",
      net_amount: "27.99",
      by_month: [
        { month: "2026-01", gross_amount: "25.00", commission_amount: "3.13" },
        { month: "2026-02", gross_amount: "7.00", commission_amount: "0.88" },
      ],
    });

    // ADMIN reads it by company_id; a seller of another company may not.
    const asAdmin = await dashboard(admin.token, `?company_id=${companyId}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual(response.body);
    const outsider = await signInAs("VENDEDOR");
    expect((await dashboard(outsider.token, `?company_id=${companyId}`)).status).toBe(403);
    // Its own dashboard holds none of this company's money.
    const own = await dashboard(outsider.token);
    expect(own.status).toBe(200);
    expect(own.body.company_id).not.toBe(companyId);
    expect((await dashboard((await signInAs("CLIENTE", { companyId })).token)).status).toBe(403);
  });

  it("counts the company's ACTIVE subscriptions, not cancelled ones", async () => {
    const subscribe = async () => {
      const { policy } = await issueTestPolicy(seller);
      const created = await api("POST", "/api/v1/payments/subscription", { token: seller.token, body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" } });
      expect(created.status, created.text).toBe(201);
      return policy;
    };
    const before = (await dashboard(seller.token)).body.active_subscriptions as number;
    await subscribe();
    const cancelled = await subscribe();
    expect((await api("POST", "/api/v1/payments/subscription/cancel", { token: admin.token, body: { policy_id: cancelled.id, cancel_immediately: true } })).status).toBe(200);
    expect((await dashboard(seller.token)).body.active_subscriptions).toBe(before + 1);
    expect(fake().subscriptions.size).toBe(2);
  });
});
