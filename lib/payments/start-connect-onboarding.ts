import { eq } from "drizzle-orm";
import { companies } from "@/db/schema";
import { assertCan, assertUser, isAdmin } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { publicBaseUrl } from "@/lib/emission/verification";
import { ConflictError, ForbiddenError, NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { markOnboardingCompleted } from "./internal";
import { callProcessor, paymentProcessor } from "./processor";

export const ONBOARDING_COMPLETED_DETAIL =
  "the company's onboarding is complete; only an administrator may start it again";

/**
 * POST /payments/connect/onboarding: a link to the processor's onboarding for a reseller company
 * (trust.md section 3). Whoever completes it decides where the company's payouts go, so: signed-in users
 * with payments:onboard (the company's sellers and ADMIN; an API key is refused), for their own company
 * (ADMIN may name `company_id`); once the connected account takes charges (read from the processor, or
 * from its account.updated event), ADMIN only. A reseller without a connected account gets an Express
 * account first, remembered on the company (the company row is locked, and the processor call is
 * idempotent, so it is made once). Contract deviation: a company that is not a reseller answers 409.
 */
export async function startConnectOnboarding({ ctx, companyId }: { ctx: ServiceContext; companyId?: string }) {
  assertCan(ctx.actor, "payments:onboard");
  assertUser(ctx.actor);
  const admin = isAdmin(ctx.actor);
  if (companyId && companyId !== ctx.actor.companyId && !admin)
    throw new ForbiddenError("only an administrator may onboard another company");
  const targetId = companyId ?? ctx.actor.companyId;
  const stripe = paymentProcessor();
  const outcome = await inTransaction(ctx, async (tx) => {
    const [company] = await tx.db.select().from(companies).where(eq(companies.id, targetId)).for("update");
    if (!company) throw new NotFoundError("company");
    if (!company.isReseller) throw new ConflictError("company is not a reseller");
    let accountId = company.processorConnectId;
    if (accountId && !admin) {
      let isCompleted = company.processorOnboardingCompletedAt !== null;
      if (!isCompleted) {
        const account = await callProcessor(() => stripe.accounts.retrieve(accountId!));
        if (account.charges_enabled) isCompleted = await markOnboardingCompleted(tx.db, accountId);
      }
      // Refused after the transaction, so the completion just read stays recorded.
      if (isCompleted) return { completed: true as const };
    }
    if (!accountId) {
      const account = await callProcessor(() =>
        stripe.accounts.create(
          {
            type: "express",
            ...(company.countryCode ? { country: company.countryCode } : {}),
            metadata: { company_id: company.id },
          },
          { idempotencyKey: `connect-account-${company.id}` },
        ),
      );
      accountId = account.id;
      await tx.db
        .update(companies)
        .set({ processorConnectId: accountId, updatedAt: new Date() })
        .where(eq(companies.id, company.id));
      await writeAudit(tx, {
        action: "CONNECT_ACCOUNT_CREATED",
        entity: "companies",
        entityId: company.id,
        companyId: company.id,
        details: { processor_connect_id: accountId },
      });
    }
    const link = await callProcessor(() =>
      stripe.accountLinks.create({
        account: accountId!,
        type: "account_onboarding",
        refresh_url: `${publicBaseUrl()}/payments/reseller?onboarding=refresh`,
        return_url: `${publicBaseUrl()}/payments/reseller?onboarding=done`,
      }),
    );
    return {
      completed: false as const,
      link: { url: link.url, expires_at: new Date(link.expires_at * 1000).toISOString() },
    };
  });
  if (outcome.completed) throw new ForbiddenError(ONBOARDING_COMPLETED_DETAIL, "onboarding_completed");
  return outcome.link;
}
