import { asc, inArray } from "drizzle-orm";
import { businessUnits, companies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";
import { companyColumns, toCompanyResponse } from "./internal";

export async function listCompanies({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "organizations:manage");
  const rows = await ctx.db.select(companyColumns).from(companies).orderBy(asc(companies.name));
  const units = rows.length
    ? await ctx.db
        .select()
        .from(businessUnits)
        .where(
          inArray(
            businessUnits.companyId,
            rows.map((company) => company.id),
          ),
        )
        .orderBy(asc(businessUnits.name))
    : [];
  return rows.map((company) => toCompanyResponse(company, units));
}
