import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { issueTestPolicy, signInAs, type SignedIn } from "@/test/fixtures";
import { createCompanyWith, deliverAndProcess, invoiceEvent, issueSubscribedPolicy, withFakeStripe } from "./helpers";

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
  return api("POST", "/api/v1/payments/manual", {
    token: admin.token,
    body: { policy_id: policyId, amount, paid_at: paidAt },
  });
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
    expect(
      (await api("POST", "/api/v1/payments/intent", { token: seller.token, body: { policy_id: february.id } })).status,
    ).toBe(201);
    // Another company's payment is not counted.
    const { policy: elsewhere } = await issueTestPolicy(await signInAs("VENDEDOR"));
    expect((await pay(elsewhere.id, "25.00", "2026-01-15T12:00:00Z")).status).toBe(201);

    const response = await dashboard(seller.token);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      company_id: companyId,
      is_reseller: true,
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
    // The outsider's company is not a reseller, which the dashboard says (the page offers no onboarding).
    expect(own.body.is_reseller).toBe(false);
    expect((await dashboard((await signInAs("CLIENTE", { companyId })).token)).status).toBe(403);
  });

  it("counts the company's ACTIVE subscriptions, not cancelled ones", async () => {
    const subscribe = async () => {
      const { policy } = await issueTestPolicy(seller);
      const created = await api("POST", "/api/v1/payments/subscription", {
        token: seller.token,
        body: { policy_id: policy.id, processor_payment_method_id: "pm_card_visa" },
      });
      expect(created.status, created.text).toBe(201);
      return policy;
    };
    const before = (await dashboard(seller.token)).body.active_subscriptions as number;
    await subscribe();
    const cancelled = await subscribe();
    expect(
      (
        await api("POST", "/api/v1/payments/subscription/cancel", {
          token: admin.token,
          body: { policy_id: cancelled.id, cancel_immediately: true },
        })
      ).status,
    ).toBe(200);
    expect((await dashboard(seller.token)).body.active_subscriptions).toBe(before + 1);
    expect(fake().subscriptions.size).toBe(2);
  });
});

describe("the dashboard of a seller with a business unit (trust.md section 3)", () => {
  it("holds its unit's figures only: every PAID transaction of the unit's policies (manual and invoiced) and its subscriptions", async () => {
    const company = await createCompanyWith({ is_reseller: true, commission_rate: "10.00" });
    const unit = async (name: string) => {
      const created = await api("POST", `/api/v1/organizations/companies/${company.id}/business-units`, {
        token: admin.token,
        body: { name },
      });
      expect(created.status, created.text).toBe(201);
      return created.body.id as string;
    };
    const north = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: await unit("North") });
    const south = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: await unit("South") });
    const wholeCompany = await signInAs("VENDEDOR", { companyId: company.id });

    // North: a subscription whose first invoice (25.00) is paid, and a manual payment of 10.00.
    const { policy: subscribed, subscription } = await issueSubscribedPolicy(north);
    expect((await deliverAndProcess(invoiceEvent("invoice.paid", subscribed.id, 2500, { subscription }))).status).toBe(
      "PROCESSED",
    );
    const { policy: manual } = await issueTestPolicy(north);
    expect((await pay(manual.id, "10.00", new Date().toISOString())).status).toBe(201);
    // South: a manual payment of 60.00.
    const { policy: southern } = await issueTestPolicy(south);
    expect((await pay(southern.id, "60.00", new Date().toISOString())).status).toBe(201);

    const ofNorth = await dashboard(north.token);
    expect(ofNorth.status, ofNorth.text).toBe(200);
    expect(ofNorth.body).toMatchObject({
      company_id: company.id,
      gross_amount: "35.00",
      commission_amount: "3.50",
      net_amount: "31.50",
      active_subscriptions: 1,
    });
    const ofSouth = await dashboard(south.token);
    expect(ofSouth.body).toMatchObject({
      company_id: company.id,
      gross_amount: "60.00",
      commission_amount: "6.00",
      net_amount: "54.00",
      active_subscriptions: 0,
    });
    // A seller of the whole company, and ADMIN, see both units.
    expect((await dashboard(wholeCompany.token)).body).toMatchObject({
      gross_amount: "95.00",
      active_subscriptions: 1,
    });
    expect((await dashboard(admin.token, `?company_id=${company.id}`)).body).toMatchObject({
      gross_amount: "95.00",
      active_subscriptions: 1,
    });
  });
});
