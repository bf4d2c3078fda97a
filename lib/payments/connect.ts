import { eq } from "drizzle-orm";
import { companies } from "@/db/schema";
import { assertCan, companyOf } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { publicBaseUrl } from "@/lib/emission/verification";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { callProcessor, paymentProcessor } from "./processor";

/**
 * POST /payments/connect/onboarding: a link to the processor's onboarding for the caller's company. A
 * reseller without a connected account gets an Express account first, remembered on the company (the
 * company row is locked, and the processor call is idempotent, so it is made once). Contract deviation:
 * a company that is not a reseller answers 409.
 */
export async function startConnectOnboarding({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "payments:onboard");
  const companyId = companyOf(ctx.actor);
  if (!companyId) throw new NotFoundError("company");
  const stripe = paymentProcessor();
  return inTransaction(ctx, async (tx) => {
    const [company] = await tx.db.select().from(companies).where(eq(companies.id, companyId)).for("update");
    if (!company) throw new NotFoundError("company");
    if (!company.isReseller) throw new ConflictError("company is not a reseller");
    let accountId = company.processorConnectId;
    if (!accountId) {
      const account = await callProcessor(() =>
        stripe.accounts.create(
          { type: "express", ...(company.countryCode ? { country: company.countryCode } : {}), metadata: { company_id: company.id } },
          { idempotencyKey: `connect-account-${company.id}` },
        ),
      );
      accountId = account.id;
      await tx.db.update(companies).set({ processorConnectId: accountId, updatedAt: new Date() }).where(eq(companies.id, company.id));
      await writeAudit(tx, { action: "CONNECT_ACCOUNT_CREATED", entity: "companies", entityId: company.id, companyId: company.id, details: { processor_connect_id: accountId } });
    }
    const link = await callProcessor(() =>
      stripe.accountLinks.create({
        account: accountId!,
        type: "account_onboarding",
        refresh_url: `${publicBaseUrl()}/payments/reseller?onboarding=refresh`,
        return_url: `${publicBaseUrl()}/payments/reseller?onboarding=done`,
      }),
    );
    return { url: link.url, expires_at: new Date(link.expires_at * 1000).toISOString() };
  });
}
