import { asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  businessUnits,
  companies,
  countries,
  zoneCountries,
  type BusinessUnit,
  type Company,
  type Zone,
} from "@/db/schema";
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

// A company as the service reads it: every column but the logo's bytes (up to 512 KB each, which only
// GET .../logo and the certificate need), and whether there is one.
const { logo: _logo, ...companyColumnsWithoutLogo } = getTableColumns(companies);
export const companyColumns = {
  ...companyColumnsWithoutLogo,
  hasLogo: sql<boolean>`${companies.logo} is not null`.as("has_logo"),
};
export type CompanyRow = Omit<Company, "logo"> & { hasLogo: boolean };

export function toCompanyResponse(company: CompanyRow, units: BusinessUnit[]) {
  return {
    id: company.id,
    name: company.name,
    tax_id: company.taxId,
    country_code: company.countryCode,
    is_default: company.isDefault,
    is_reseller: company.isReseller,
    processor_connect_id: company.processorConnectId,
    commission_rate: company.commissionRate,
    address: company.address,
    registration_number: company.registrationNumber,
    contact_phone: company.contactPhone,
    contact_email: company.contactEmail,
    has_logo: company.hasLogo,
    created_at: company.createdAt.toISOString(),
    business_units: units.filter((unit) => unit.companyId === company.id).map(toBusinessUnitResponse),
  };
}

/** The company's response with its business units, by name. */
export async function toCompanyResponseWithUnits(db: DbOrTx, company: CompanyRow) {
  const units = await db
    .select()
    .from(businessUnits)
    .where(eq(businessUnits.companyId, company.id))
    .orderBy(asc(businessUnits.name));
  return toCompanyResponse(company, units);
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
): Promise<CompanyRow> {
  const query = db.select(companyColumns).from(companies).where(eq(companies.id, companyId));
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
