import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { readCompanyLogo, type CompanyLogo } from "./company-logo";
import { getCompanyOrThrow } from "./internal";

/** GET /organizations/companies/{id}/logo: the logo as uploaded; 404 for an unknown company or one without a logo. */
export async function getCompanyLogo({
  ctx,
  companyId,
}: {
  ctx: ServiceContext;
  companyId: string;
}): Promise<CompanyLogo> {
  assertCan(ctx.actor, "organizations:manage");
  const company = await getCompanyOrThrow(ctx.db, companyId);
  const logo = await readCompanyLogo(ctx.db, company.id);
  if (!logo) throw new NotFoundError("logo");
  return logo;
}
