import { eq } from "drizzle-orm";
import { companies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { auditLogoChange, logoDigest, readCompanyLogo } from "./company-logo";
import { getCompanyOrThrow } from "./internal";

/**
 * DELETE /organizations/companies/{id}/logo: the company's certificates print no logo from then on.
 * Removing a logo that is not there changes nothing and writes no audit row.
 */
export async function removeCompanyLogo({ ctx, companyId }: { ctx: ServiceContext; companyId: string }) {
  assertCan(ctx.actor, "organizations:manage");
  await inTransaction(ctx, async (tx) => {
    const company = await getCompanyOrThrow(tx.db, companyId, { forUpdate: true });
    const previous = await readCompanyLogo(tx.db, company.id);
    if (!previous) return;
    await tx.db.update(companies).set({ logo: null, logoContentType: null }).where(eq(companies.id, company.id));
    await auditLogoChange(tx, company, { from: logoDigest(previous.content), to: null });
  });
}
