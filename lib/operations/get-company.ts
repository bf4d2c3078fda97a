import { asc, eq } from "drizzle-orm";
import { businessUnits } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";
import { getCompanyOrThrow, toCompanyResponse } from "./internal";

export async function getCompany({ ctx, companyId }: { ctx: ServiceContext; companyId: string }) {
  assertCan(ctx.actor, "organizations:manage");
  const company = await getCompanyOrThrow(ctx.db, companyId);
  const units = await ctx.db
    .select()
    .from(businessUnits)
    .where(eq(businessUnits.companyId, company.id))
    .orderBy(asc(businessUnits.name));
  return toCompanyResponse(company, units);
}
