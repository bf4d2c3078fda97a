import { z } from "zod";
import { CountryCode, DateTimeInput, DecimalInput, PaginationQuery, Uuid, withSomeChange } from "@/lib/schemas";

export const ListAuditQuery = PaginationQuery.extend({
  user_id: Uuid.optional(),
  action: z.string().trim().min(1).max(100).optional(),
  entity: z.string().trim().min(1).max(100).optional(),
  date_from: DateTimeInput.optional(),
  date_to: DateTimeInput.optional(),
});
export type ListAuditQuery = z.infer<typeof ListAuditQuery>;

export const AuditEntryResponse = z.object({
  id: Uuid,
  action: z.string(),
  user_id: Uuid.nullable(),
  actor: z.string(),
  entity: z.string(),
  entity_id: Uuid.nullable(),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  details: z.record(z.string(), z.unknown()),
});

export const CreateCompanyInput = z.object({
  name: z.string().trim().min(1).max(200),
  tax_id: z.string().trim().min(1).max(50).optional(),
  country_code: CountryCode.optional(),
  is_reseller: z.boolean().default(false),
  processor_connect_id: z.string().trim().min(1).max(255).optional(),
  commission_rate: DecimalInput({ min: 0, max: 100 }).default("0.00"),
});
export type CreateCompanyInput = z.infer<typeof CreateCompanyInput>;

/**
 * PATCH /organizations/companies/{id}: the fields an administrator edits after creation, each optional;
 * null clears tax_id or country_code. Not processor_connect_id: where a reseller's payouts go is set by
 * its Connect onboarding (trust.md section 3), never typed in.
 */
export const UpdateCompanyInput = withSomeChange(
  z
    .object({
      name: z.string().trim().min(1).max(200),
      tax_id: z.string().trim().min(1).max(50).nullable(),
      country_code: CountryCode.nullable(),
      is_reseller: z.boolean(),
      commission_rate: DecimalInput({ min: 0, max: 100 }),
    })
    .partial(),
);
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>;

export const CreateBusinessUnitInput = z.object({
  name: z.string().trim().min(1).max(200),
  code: z.string().trim().min(1).max(50).optional(),
  country_code: CountryCode.optional(),
});
export type CreateBusinessUnitInput = z.infer<typeof CreateBusinessUnitInput>;

export const BusinessUnitResponse = z.object({
  id: Uuid,
  company_id: Uuid,
  name: z.string(),
  code: z.string().nullable(),
  country_code: z.string().nullable(),
  created_at: z.string(),
});

export const CompanyResponse = z.object({
  id: Uuid,
  name: z.string(),
  tax_id: z.string().nullable(),
  country_code: z.string().nullable(),
  is_default: z.boolean(),
  is_reseller: z.boolean(),
  processor_connect_id: z.string().nullable(),
  commission_rate: z.string(),
  created_at: z.string(),
  business_units: z.array(BusinessUnitResponse),
});
CompanyResponse.register(z.globalRegistry, { id: "Company" });

export const CountryResponse = z.object({ id: Uuid, iso_code: z.string(), name: z.string(), continent: z.string() });

export const CreateZoneInput = z.object({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).optional(),
});
export type CreateZoneInput = z.infer<typeof CreateZoneInput>;

export const ZoneResponse = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  countries: z.array(z.object({ id: Uuid, iso_code: z.string(), name: z.string() })),
});
ZoneResponse.register(z.globalRegistry, { id: "Zone" });

export const ZoneCountryParams = z.object({
  zone_id: Uuid,
  country_id: z.union([Uuid, CountryCode], { message: "must be a country UUID or a two-letter upper-case ISO code" }),
});
