import { asc, eq } from "drizzle-orm";
import { businessUnits, companies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "./audit";
import { assertCountryExists, getCompanyOrThrow, toCompanyResponse } from "./internal";
import type { UpdateCompanyInput } from "./schemas";

/**
 * Edits a company after its creation (name, tax id, country, reseller, commission rate). The audit row
 * COMPANY_UPDATED names each changed field with its old and new value; a change to nothing writes no
 * row. A new commission rate applies to payments from then on (the dashboard reads the current rate).
 */
export async function updateCompany({
  ctx,
  companyId,
  input,
}: {
  ctx: ServiceContext;
  companyId: string;
  input: UpdateCompanyInput;
}) {
  assertCan(ctx.actor, "organizations:manage");
  return inTransaction(ctx, async (tx) => {
    const company = await getCompanyOrThrow(tx.db, companyId, { forUpdate: true });
    if (input.country_code) await assertCountryExists(tx.db, input.country_code, "country_code");
    const next = {
      name: input.name ?? company.name,
      taxId: input.tax_id !== undefined ? input.tax_id : company.taxId,
      countryCode: input.country_code !== undefined ? input.country_code : company.countryCode,
      isReseller: input.is_reseller ?? company.isReseller,
      commissionRate: input.commission_rate ?? company.commissionRate,
    };
    const before = {
      name: company.name,
      tax_id: company.taxId,
      country_code: company.countryCode,
      is_reseller: company.isReseller,
      commission_rate: company.commissionRate,
    };
    const after = {
      name: next.name,
      tax_id: next.taxId,
      country_code: next.countryCode,
      is_reseller: next.isReseller,
      commission_rate: next.commissionRate,
    };
    const changes = Object.fromEntries(
      (Object.keys(after) as Array<keyof typeof after>)
        .filter((field) => after[field] !== before[field])
        .map((field) => [field, { from: before[field], to: after[field] }]),
    );
    let updated = company;
    if (Object.keys(changes).length > 0) {
      [updated] = await tx.db.update(companies).set(next).where(eq(companies.id, company.id)).returning();
      await writeAudit(tx, {
        action: "COMPANY_UPDATED",
        entity: "companies",
        entityId: company.id,
        companyId: company.id,
        details: { name: updated.name, changes },
      });
    }
    const units = await tx.db
      .select()
      .from(businessUnits)
      .where(eq(businessUnits.companyId, company.id))
      .orderBy(asc(businessUnits.name));
    return toCompanyResponse(updated, units);
  });
}
