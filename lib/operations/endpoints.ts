import { z } from "zod";
import { defineOperation, listResponse } from "@/lib/http/operation";
import { IdParams, paginated } from "@/lib/schemas";
import {
  AuditEntryResponse,
  BusinessUnitResponse,
  CompanyResponse,
  CountryResponse,
  CreateBusinessUnitInput,
  CreateCompanyInput,
  CreateZoneInput,
  ListAuditQuery,
  MAX_COMPANY_LOGO_BYTES,
  UpdateCompanyInput,
  UploadCompanyLogoForm,
  ZoneCountryParams,
  ZoneResponse,
} from "./schemas";

export const operationsEndpoints = {
  openapi: defineOperation({
    method: "GET",
    path: "/openapi.json",
    tag: "Operations",
    summary: "This OpenAPI 3.1 document",
    description: "Generated from the schemas the handlers validate with; `/docs` renders it.",
    access: "public",
    responses: { 200: { description: "The OpenAPI document of every endpoint" } },
  }),
  health: defineOperation({
    method: "GET",
    path: "/health",
    tag: "Operations",
    summary: "Liveness and database check",
    access: "public",
    responses: {
      200: {
        description: "The service and its database answer",
        schema: z.object({ status: z.literal("ok"), database: z.literal("ok") }),
      },
      503: {
        description: "The database does not answer",
        schema: z.object({
          status: z.literal("error"),
          database: z.literal("unavailable"),
          detail: z.string(),
          code: z.literal("unavailable"),
        }),
      },
    },
  }),
  listAudit: defineOperation({
    method: "GET",
    path: "/audit/",
    tag: "Operations",
    summary: "Query the audit log (newest first)",
    access: "audit:read",
    query: ListAuditQuery,
    responses: { 200: listResponse("PaginatedAuditResponse", paginated(AuditEntryResponse)) },
  }),
  createCompany: defineOperation({
    method: "POST",
    path: "/organizations/companies",
    tag: "Operations",
    summary: "Create a company (root organization)",
    access: "organizations:manage",
    body: CreateCompanyInput,
    responses: { 201: { description: "The company", schema: CompanyResponse } },
  }),
  listCompanies: defineOperation({
    method: "GET",
    path: "/organizations/companies",
    tag: "Operations",
    summary: "List companies with their business units",
    access: "organizations:manage",
    responses: { 200: { description: "Companies by name", schema: z.array(CompanyResponse) } },
  }),
  getCompany: defineOperation({
    method: "GET",
    path: "/organizations/companies/{id}",
    tag: "Operations",
    summary: "Read a company with its business units",
    access: "organizations:manage",
    params: IdParams,
    responses: {
      200: { description: "The company", schema: CompanyResponse },
      404: { description: "Unknown company" },
    },
  }),
  updateCompany: defineOperation({
    method: "PATCH",
    path: "/organizations/companies/{id}",
    tag: "Operations",
    summary: "Edit a company (name, tax id, country, reseller, commission rate, certificate profile)",
    description:
      "Each field is optional (at least one, else 422); `tax_id`, `country_code`, `address`, `registration_number`, `contact_phone` and `contact_email` take null to clear them. The last four are the insurer's details printed on every certificate of the company (a certificate kept from before is rendered again on its next download). `contact_phone` is E.164 or the national form of the company's country (422 `invalid_phone` when it is not a valid number) and is stored in E.164. An unknown country code is 422. `processor_connect_id` is not editable: a reseller's Connect onboarding sets where its payouts go (trust.md section 3). A new `commission_rate` applies to the dashboard from then on. Audited as COMPANY_UPDATED with each changed field's old and new value; a request that changes nothing writes no audit row. Decisions in docs/administration.md.",
    access: "organizations:manage",
    params: IdParams,
    body: UpdateCompanyInput,
    responses: {
      200: { description: "The company, with its business units", schema: CompanyResponse },
      404: { description: "Unknown company" },
    },
  }),
  uploadCompanyLogo: defineOperation({
    method: "PUT",
    path: "/organizations/companies/{id}/logo",
    tag: "Operations",
    summary: "Upload the company's logo, printed on its certificates",
    description:
      "Multipart `file`: a PNG or JPEG, decided by its content (a PNG's signature and checked header, a JPEG's FF D8 FF), at most 512 KB = 524,288 bytes and 2000 x 2000 pixels; a PNG's pixel data must inflate whole (a corrupt one would stall every certificate's render). Replaces any earlier logo. Audited as COMPANY_UPDATED with `changes.logo` the SHA-256 of the old and new file.",
    access: "organizations:manage",
    params: IdParams,
    multipart: {
      description: "The logo",
      schema: UploadCompanyLogoForm,
      maxBytes: MAX_COMPANY_LOGO_BYTES,
    },
    responses: {
      200: { description: "The company, with `has_logo` true", schema: CompanyResponse },
      404: { description: "Unknown company" },
      413: { description: "Larger than 512 KB" },
      422: {
        description:
          "Not a PNG or JPEG (`errors[].code` unsupported_file_type), a corrupt one (unreadable_image), larger than 2000 x 2000 pixels (image_too_large), no file, or not a multipart body",
      },
    },
  }),
  getCompanyLogo: defineOperation({
    method: "GET",
    path: "/organizations/companies/{id}/logo",
    tag: "Operations",
    summary: "The company's logo",
    description: "The file as uploaded, with its content type (image/png or image/jpeg).",
    access: "organizations:manage",
    params: IdParams,
    responses: {
      200: { description: "The logo", contentType: "image/png" },
      404: { description: "Unknown company, or no logo uploaded" },
    },
  }),
  removeCompanyLogo: defineOperation({
    method: "DELETE",
    path: "/organizations/companies/{id}/logo",
    tag: "Operations",
    summary: "Remove the company's logo",
    description:
      "Certificates print no logo from then on. Removing a logo that is not there answers 204 too and writes no audit row; otherwise audited as COMPANY_UPDATED with `changes.logo.to` null.",
    access: "organizations:manage",
    params: IdParams,
    responses: {
      204: { description: "No logo now" },
      404: { description: "Unknown company" },
    },
  }),
  createBusinessUnit: defineOperation({
    method: "POST",
    path: "/organizations/companies/{id}/business-units",
    tag: "Operations",
    summary: "Create a business unit under a company",
    access: "organizations:manage",
    params: IdParams,
    body: CreateBusinessUnitInput,
    responses: {
      201: { description: "The business unit", schema: BusinessUnitResponse },
      404: { description: "Unknown company" },
    },
  }),
  listCountries: defineOperation({
    method: "GET",
    path: "/geography/countries",
    tag: "Operations",
    summary: "Every ISO 3166-1 country with its continent, by name",
    description:
      '`name` is in the language of the `Accept-Language` header, negotiated by order and q-values among `es` and `en` (`es`: "México", "Estados Unidos"; `fr-FR, en;q=0.8` gives English); without the header or with no listed language, English. The list is sorted by that name in that language\'s collation; every other field (continents included) stays in English. The answer carries `Content-Language` and `Vary: Accept-Language`.',
    access: "geography:read",
    responses: { 200: { description: "Countries", schema: z.array(CountryResponse) } },
  }),
  listZones: defineOperation({
    method: "GET",
    path: "/geography/zones",
    tag: "Operations",
    summary: "Commercial zones with their countries",
    access: "geography:read",
    responses: { 200: { description: "Zones by name", schema: z.array(ZoneResponse) } },
  }),
  createZone: defineOperation({
    method: "POST",
    path: "/geography/zones",
    tag: "Operations",
    summary: "Create a zone",
    access: "geography:manage",
    body: CreateZoneInput,
    responses: {
      201: { description: "The zone", schema: ZoneResponse },
      409: { description: "A zone with this name exists" },
    },
  }),
  linkZoneCountry: defineOperation({
    method: "POST",
    path: "/geography/zones/{zone_id}/countries/{country_id}",
    tag: "Operations",
    summary: "Link a country to a zone (by country UUID or ISO code)",
    description: "Linking a country twice changes nothing.",
    access: "geography:manage",
    params: ZoneCountryParams,
    responses: {
      200: { description: "The zone with its countries", schema: ZoneResponse },
      404: { description: "Unknown zone or country" },
    },
  }),
};
