import { companies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "./audit";
import type { CreateCompanyInput } from "./schemas";
import { assertCountryExists, companyColumns, toCompanyResponse } from "./internal";

export async function createCompany({ ctx, input }: { ctx: ServiceContext; input: CreateCompanyInput }) {
  assertCan(ctx.actor, "organizations:manage");
  return inTransaction(ctx, async (tx) => {
    await assertCountryExists(tx.db, input.country_code, "country_code");
    const [company] = await tx.db
      .insert(companies)
      .values({
        name: input.name,
        taxId: input.tax_id ?? null,
        countryCode: input.country_code ?? null,
        isReseller: input.is_reseller,
        processorConnectId: input.processor_connect_id ?? null,
        commissionRate: input.commission_rate,
      })
      .returning(companyColumns);
    await writeAudit(tx, {
      action: "COMPANY_CREATED",
      entity: "companies",
      entityId: company.id,
      companyId: company.id,
      details: { name: company.name },
    });
    return toCompanyResponse(company, []);
  });
}
