import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { paymentProcessor } from "@/lib/payments/processor";
import { api } from "@/test/api";
import { ONBOARDING_COMPLETED_DETAIL } from "@/lib/payments/start-connect-onboarding";
import { stripeEvent } from "@/test/fakes/stripe-events";
import { expectAuditRow, signInAs } from "@/test/fixtures";
import { createCompanyWith, deliverAndProcess, requestsTo, withFakeStripe } from "./helpers";

// POST /payments/connect/onboarding: an account link for the caller's reseller company, its Express
// connected account made once.

const { fake } = withFakeStripe();

function onboard(token: string, companyId?: string) {
  return api("POST", `/api/v1/payments/connect/onboarding${companyId ? `?company_id=${companyId}` : ""}`, { token });
}

async function connectIdOf(companyId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ connect: companies.processorConnectId })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row.connect;
}

async function completedAt(companyId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ at: companies.processorOnboardingCompletedAt })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row.at;
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

    // Another seller of the company gets a link to the same account (a client no longer does: trust.md
    // section 3, below).
    const member = await signInAs("VENDEDOR", { companyId: company.id });
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

describe("who may onboard a reseller (trust.md section 3): whoever completes it decides where payouts go", () => {
  it("a client of the reseller company: 403, and nothing is asked of the processor", async () => {
    const company = await createCompanyWith({ is_reseller: true });
    const client = await signInAs("CLIENTE", { companyId: company.id });
    const response = await onboard(client.token);
    expect(response.status, response.text).toBe(403);
    expect(response.body.code).toBe("forbidden");
    expect(fake().requests).toHaveLength(0);
    expect(await connectIdOf(company.id)).toBeNull();
  });

  it("an API key of the company, even with payments:onboard: 403", async () => {
    const company = await createCompanyWith({ is_reseller: true });
    const admin = await signInAs("ADMIN");
    const created = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "reseller app", permissions: ["payments:onboard"], company_id: company.id },
    });
    expect(created.status, created.text).toBe(201);
    const response = await api("POST", "/api/v1/payments/connect/onboarding", { apiKey: created.body.key });
    expect(response.status, response.text).toBe(403);
    expect(fake().requests).toHaveLength(0);
  });

  it("a seller naming another company: 403; ADMIN names a reseller company with company_id (unknown: 404)", async () => {
    const company = await createCompanyWith({ is_reseller: true });
    const outsider = await signInAs("VENDEDOR");
    expect((await onboard(outsider.token, company.id)).status).toBe(403);
    expect(fake().requests).toHaveLength(0);
    const admin = await signInAs("ADMIN");
    const response = await onboard(admin.token, company.id);
    expect(response.status, response.text).toBe(200);
    expect(requestsTo(fake(), "POST", "/v1/account_links")[0].body.account).toBe(await connectIdOf(company.id));
    expect((await onboard(admin.token, "9b2f3c8e-0000-4000-8000-000000000000")).status).toBe(404);
    // Naming its own company is no different from naming none.
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    expect((await onboard(seller.token, company.id)).status).toBe(200);
  });

  it("once the connected account takes charges (read from the processor): the seller gets 403 onboarding_completed, ADMIN still a link", async () => {
    const company = await createCompanyWith({ is_reseller: true });
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    expect((await onboard(seller.token)).status).toBe(200);
    const accountId = (await connectIdOf(company.id))!;
    // Not yet complete: the processor is asked, and the seller may go on.
    expect((await onboard(seller.token)).status).toBe(200);
    expect(requestsTo(fake(), "GET", `/v1/accounts/${accountId}`)).toHaveLength(1);

    fake().accounts.get(accountId)!.charges_enabled = true;
    const refused = await onboard(seller.token);
    expect(refused.status, refused.text).toBe(403);
    expect(refused.body).toMatchObject({ detail: ONBOARDING_COMPLETED_DETAIL, code: "onboarding_completed" });
    expect(await completedAt(company.id)).not.toBeNull();
    // Kept, whatever the account says later: the processor is not asked again.
    fake().accounts.get(accountId)!.charges_enabled = false;
    fake().requests.length = 0;
    expect((await onboard(seller.token)).status).toBe(403);
    expect(fake().requests).toHaveLength(0);

    const admin = await signInAs("ADMIN");
    const asAdmin = await onboard(admin.token, company.id);
    expect(asAdmin.status, asAdmin.text).toBe(200);
    expect(requestsTo(fake(), "POST", "/v1/account_links")[0].body.account).toBe(accountId);
  });

  it("an account.updated event of the connected account with charges_enabled completes the onboarding", async () => {
    const company = await createCompanyWith({ is_reseller: true });
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    expect((await onboard(seller.token)).status).toBe(200);
    const account = structuredClone(fake().accounts.get((await connectIdOf(company.id))!)!);

    const pending = await deliverAndProcess(stripeEvent("account.updated", account, { account: account.id }));
    expect(pending).toMatchObject({ status: "PROCESSED", error: "the account does not take charges yet" });
    expect(await completedAt(company.id)).toBeNull();

    const enabled = await deliverAndProcess(
      stripeEvent("account.updated", { ...account, charges_enabled: true } as Stripe.Account, { account: account.id }),
    );
    expect(enabled).toMatchObject({ status: "PROCESSED", error: null });
    expect(await completedAt(company.id)).not.toBeNull();
    fake().requests.length = 0;
    const refused = await onboard(seller.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("onboarding_completed");
    // Known from the event: the processor was not asked.
    expect(fake().requests).toHaveLength(0);

    const unknown = await deliverAndProcess(
      stripeEvent("account.updated", { ...account, id: "acct_unknown", charges_enabled: true } as Stripe.Account, {
        account: "acct_unknown",
      }),
    );
    expect(unknown).toMatchObject({ status: "IGNORED", error: "no company has the connected account acct_unknown" });
  });
});
