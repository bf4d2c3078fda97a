import { businessUnits } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "./audit";
import type { CreateBusinessUnitInput } from "./schemas";
import { assertCountryExists, getCompanyOrThrow, toBusinessUnitResponse } from "./internal";

export async function createBusinessUnit({
  ctx,
  companyId,
  input,
}: {
  ctx: ServiceContext;
  companyId: string;
  input: CreateBusinessUnitInput;
}) {
  assertCan(ctx.actor, "organizations:manage");
  return inTransaction(ctx, async (tx) => {
    const company = await getCompanyOrThrow(tx.db, companyId);
    await assertCountryExists(tx.db, input.country_code, "country_code");
    const [unit] = await tx.db
      .insert(businessUnits)
      .values({
        companyId: company.id,
        name: input.name,
        code: input.code ?? null,
        countryCode: input.country_code ?? null,
      })
      .returning();
    await writeAudit(tx, {
      action: "BUSINESS_UNIT_CREATED",
      entity: "business_units",
      entityId: unit.id,
      companyId: company.id,
      details: { name: unit.name },
    });
    return toBusinessUnitResponse(unit);
  });
}
