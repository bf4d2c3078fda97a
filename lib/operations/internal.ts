import { asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies, countries, zoneCountries, type BusinessUnit, type Company, type Zone } from "@/db/schema";
import { NotFoundError, ValidationError } from "@/lib/errors";

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

export function toCompanyResponse(company: Company, units: BusinessUnit[]) {
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
      { path: field, message: "unknown country code", code: "unknown_country" },
    ]);
}

export async function getCompanyOrThrow(
  db: DbOrTx,
  companyId: string,
  options: { forUpdate?: boolean } = {},
): Promise<Company> {
  const query = db.select().from(companies).where(eq(companies.id, companyId));
  const [company] = options.forUpdate ? await query.for("update") : await query;
  if (!company) throw new NotFoundError("company");
  return company;
}

export async function toZoneResponses(db: DbOrTx, list: Zone[]) {
  const links = list.length
    ? await db
        .select({ zoneId: zoneCountries.zoneId, id: countries.id, iso_code: countries.isoCode, name: countries.name })
        .from(zoneCountries)
        .innerJoin(countries, eq(countries.id, zoneCountries.countryId))
        .where(
          inArray(
            zoneCountries.zoneId,
            list.map((zone) => zone.id),
          ),
        )
        .orderBy(asc(countries.name))
    : [];
  return list.map((zone) => ({
    id: zone.id,
    name: zone.name,
    description: zone.description,
    countries: links
      .filter((link) => link.zoneId === zone.id)
      .map(({ id, iso_code, name }) => ({ id, iso_code, name })),
  }));
}
