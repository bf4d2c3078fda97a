import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { businessUnits, companies, countries, type BusinessUnit, type Company } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { writeAudit } from "./audit";
import type { CreateBusinessUnitInput, CreateCompanyInput } from "./schemas";

export function toBusinessUnitResponse(unit: BusinessUnit) {
  return {
    id: unit.id,
    company_id: unit.companyId,
    name: unit.name,
    code: unit.code,
    country_code: unit.countryCode,
    created_at: unit.createdAt.toISOString(),
  };
}

function toCompanyResponse(company: Company, units: BusinessUnit[]) {
  return {
    id: company.id,
    name: company.name,
    tax_id: company.taxId,
    country_code: company.countryCode,
    is_default: company.isDefault,
    is_reseller: company.isReseller,
    processor_connect_id: company.processorConnectId,
    commission_rate: company.commissionRate,
    created_at: company.createdAt.toISOString(),
    business_units: units.filter((unit) => unit.companyId === company.id).map(toBusinessUnitResponse),
  };
}

export async function assertCountryExists(db: DbOrTx, isoCode: string | undefined, field: string): Promise<void> {
  if (!isoCode) return;
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.isoCode, isoCode));
  if (!country)
    throw new ValidationError(`${field}: ${isoCode} is not an ISO 3166-1 country code`, [
      { path: field, message: "unknown country code" },
    ]);
}

export async function getCompanyOrThrow(db: DbOrTx, companyId: string): Promise<Company> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new NotFoundError("company");
  return company;
}

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
      .returning();
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

export async function listCompanies({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "organizations:manage");
  const rows = await ctx.db.select().from(companies).orderBy(asc(companies.name));
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
