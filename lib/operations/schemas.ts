import { z } from "zod";
import {
  CountryCode,
  DateTimeInput,
  DecimalInput,
  Email,
  PaginationQuery,
  PersonEmail,
  PersonName,
  PhoneInput,
  Uuid,
  withSomeChange,
} from "@/lib/schemas";

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
  user_id: Uuid.nullable().describe("The user the entry concerns"),
  user_name: PersonName.describe("The user_id user's full name, or its e-mail when it has none"),
  user_email: PersonEmail,
  actor: z.string().describe('Who acted: a user id, "api_key:<id>" or "system:<name>"'),
  actor_name: PersonName,
  actor_email: PersonEmail,
  entity: z.string(),
  entity_id: Uuid.nullable(),
  entity_label: z
    .string()
    .nullable()
    .describe(
      "What entity_id names, as pages show it: the policy or claim number, the client's or user's name, the company's name; null for other entities",
    ),
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
 * null clears tax_id, country_code and the profile printed on certificates (address, registration_number,
 * contact_phone, contact_email). Not processor_connect_id: where a reseller's payouts go is set by its
 * Connect onboarding (trust.md section 3), never typed in.
 */
export const UpdateCompanyInput = withSomeChange(
  z
    .object({
      name: z.string().trim().min(1).max(200),
      tax_id: z.string().trim().min(1).max(50).nullable(),
      country_code: CountryCode.nullable(),
      is_reseller: z.boolean(),
      commission_rate: DecimalInput({ min: 0, max: 100 }),
      address: z.string().trim().min(1).max(300).nullable(),
      registration_number: z.string().trim().min(1).max(100).nullable(),
      contact_phone: PhoneInput.nullable().describe(
        "E.164, or the national form of the company's country_code; stored and returned in E.164",
      ),
      contact_email: Email.nullable(),
    })
    .partial(),
);
export type UpdateCompanyInput = z.infer<typeof UpdateCompanyInput>;

/** The largest company logo accepted: 512 KB, plenty for a PNG or JPEG printed a few centimetres wide. */
export const MAX_COMPANY_LOGO_BYTES = 512 * 1024;

export const UploadCompanyLogoForm = z.object({
  file: z.any().describe("A PNG or JPEG (decided by content) of at most 512 KB"),
});

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
  address: z.string().nullable(),
  registration_number: z.string().nullable(),
  contact_phone: z.string().nullable().describe("E.164"),
  contact_email: z.string().nullable(),
  has_logo: z.boolean().describe("Whether a logo is uploaded: GET /organizations/companies/{id}/logo serves it"),
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
