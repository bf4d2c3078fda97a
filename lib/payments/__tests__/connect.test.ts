import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { paymentProcessor } from "@/lib/payments/processor";
import { api } from "@/lib/testing/api";
import { expectAuditRow, signInAs } from "@/lib/testing/fixtures";
import { createCompanyWith, requestsTo, withFakeStripe } from "./helpers";

// POST /payments/connect/onboarding: an account link for the caller's reseller company, its Express
// connected account made once.

const { fake } = withFakeStripe();

function onboard(token: string) {
  return api("POST", "/api/v1/payments/connect/onboarding", { token });
}

async function connectIdOf(companyId: string) {
  const db = await getDb();
  const [row] = await db.select({ connect: companies.processorConnectId }).from(companies).where(eq(companies.id, companyId));
  return row.connect;
}

describe("POST /payments/connect/onboarding", () => {
  it("answers 409 for a company that is not a reseller, and asks nothing of the processor", async () => {
    const company = await createCompanyWith({ is_reseller: false });
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const response = await onboard(seller.token);
    expect(response.status).toBe(409);
    expect(response.body.detail).toBe("company is not a reseller");
    expect(fake().requests).toHaveLength(0);
  });

  it("creates the reseller's Express account once, stores it, and answers the link {url, expires_at}; a second call reuses the account", async () => {
    const company = await createCompanyWith({ is_reseller: true, commission_rate: "12.50" });
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const first = await onboard(seller.token);
    expect(first.status, first.text).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["expires_at", "url"]);
    expect(first.body.url).toMatch(/^https:\/\//);
    expect(new Date(first.body.expires_at).getTime()).toBeGreaterThan(Date.now());

    const [accountCall] = requestsTo(fake(), "POST", "/v1/accounts");
    expect(accountCall.body).toMatchObject({ type: "express", metadata: { company_id: company.id } });
    const accountId = accountCall.reply!.body.id as string;
    expect(await connectIdOf(company.id)).toBe(accountId);
    await expectAuditRow("CONNECT_ACCOUNT_CREATED", company.id);
    const [linkCall] = requestsTo(fake(), "POST", "/v1/account_links");
    expect(linkCall.body).toMatchObject({ account: accountId, type: "account_onboarding" });

    // Anyone of the company (a client user included: payments:onboard) gets a link to the same account.
    const member = await signInAs("CLIENTE", { companyId: company.id });
    const second = await onboard(member.token);
    expect(second.status, second.text).toBe(200);
    expect(requestsTo(fake(), "POST", "/v1/accounts")).toHaveLength(1);
    const links = requestsTo(fake(), "POST", "/v1/account_links");
    expect(links).toHaveLength(2);
    expect(links[1].body.account).toBe(accountId);
    expect(await connectIdOf(company.id)).toBe(accountId);
    expect(fake().accounts.size).toBe(1);
  });

  it("uses the account a reseller already has", async () => {
    const account = await paymentProcessor().accounts.create({ type: "express" });
    const company = await createCompanyWith({ is_reseller: true, processor_connect_id: account.id });
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    fake().requests.length = 0;
    const response = await onboard(seller.token);
    expect(response.status, response.text).toBe(200);
    expect(requestsTo(fake(), "POST", "/v1/accounts")).toHaveLength(0);
    expect(requestsTo(fake(), "POST", "/v1/account_links")[0].body.account).toBe(account.id);
  });
});
