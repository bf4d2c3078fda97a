import { z } from "zod";
import {
  CountryCode,
  CursorParam,
  Email,
  ExportFormatParam,
  PhoneInput,
  ROW_COUNT_MAX,
  RowCount,
  SearchText,
  Uuid,
} from "@/lib/schemas";
import { LEAD_STAGES } from "@/db/enums";
import { CreateClientInput } from "@/lib/emission/schemas";

const Text = (max: number) => z.string().trim().min(1).max(max);

export const CaptureLeadInput = z.object({
  phone_e164: PhoneInput.describe(
    "The lead's identity. E.164 (+525512345678); with country_code it may be written in that country's national form (55 1234 5678). Stored and returned in E.164; a number that is not valid for its country is 422",
  ),
  country_code: CountryCode.optional().describe(
    "ISO 3166-1 country a national phone_e164 is read in; an international number (+...) stands for itself",
  ),
  first_name: Text(120).optional(),
  last_name: Text(120).optional(),
  email: Email.optional(),
  source_channel: Text(100).optional(),
  utm_source: Text(200).optional(),
  utm_medium: Text(200).optional(),
  campaign_id: Text(200).optional(),
  landing_page: Text(2000).optional(),
  business_unit_id: Uuid.optional(),
});
export type CaptureLeadInput = z.infer<typeof CaptureLeadInput>;

export const UpdateLeadInput = z.object({
  stage: z.enum(LEAD_STAGES, { message: `must be one of ${LEAD_STAGES.join(", ")}` }).optional(),
  lead_score: z.number().int().min(0).max(1000).optional(),
  first_name: Text(120).optional(),
  last_name: Text(120).optional(),
  email: Email.optional(),
  form_started: z.boolean().optional(),
  form_completed: z.boolean().optional(),
  checkout_started: z.boolean().optional(),
  purchase_completed: z.boolean().optional(),
});
export type UpdateLeadInput = z.infer<typeof UpdateLeadInput>;

export const LeadResponse = z.object({
  id: Uuid,
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  phone_e164: z.string(),
  stage: z.enum(LEAD_STAGES),
  lead_score: z.number().int().min(0).max(1000),
  crm_lead_id: z.string().nullable(),
  converted_to_contact_flag: z.boolean(),
  source_channel: z.string().nullable(),
  utm_source: z.string().nullable(),
  utm_medium: z.string().nullable(),
  campaign_id: z.string().nullable(),
  landing_page: z.string().nullable(),
  form_started_at: z.string().nullable(),
  form_completed_at: z.string().nullable(),
  checkout_started_at: z.string().nullable(),
  purchase_completed_at: z.string().nullable(),
  abandoned_checkout_flag: z.boolean(),
  client_id: Uuid.nullable().describe(
    "The client the lead became: set by POST /leads/{id}/convert; null before, and for a lead moved to CONVERTED by PATCH",
  ),
  client_name: z.string().nullable().describe("That client's first and last name, for display"),
  created_at: z.string(),
  updated_at: z.string(),
});
export type LeadResponse = z.infer<typeof LeadResponse>;
LeadResponse.register(z.globalRegistry, { id: "Lead" });

/**
 * POST /leads/{id}/convert: the client the lead becomes, either one that exists (`client_id`) or a new
 * one (`client`, with the rules of POST /emission/clients); exactly one of the two.
 */
export const ConvertLeadInput = z
  .object({
    client_id: Uuid.optional().describe("An existing client the caller may see (emission:read); else 404"),
    client: CreateClientInput.optional().describe(
      "A new client, registered as POST /emission/clients does (emission:write; a taken e-mail is 409)",
    ),
  })
  .strict()
  .refine((input) => (input.client_id === undefined) !== (input.client === undefined), {
    message: "give either client_id (an existing client) or client (a new one), not both",
    path: ["client_id"],
    params: { code: "client_or_client_id" },
    // Only a body with nothing else wrong: its other problems are reported alone.
    when: (payload) => payload.issues.length === 0,
  });
export type ConvertLeadInput = z.infer<typeof ConvertLeadInput>;

/** What an anonymous capture (or one by a caller who may not read the lead) gets back: the id only. */
export const CapturedLeadResponse = z.object({ id: Uuid });
export type CapturedLeadResponse = z.infer<typeof CapturedLeadResponse>;
CapturedLeadResponse.register(z.globalRegistry, { id: "CapturedLead" });

/** GET /leads/{id} (a read the spec does not define): the lead plus the state of its CRM sync. */
export const LeadDetailResponse = LeadResponse.extend({
  crm_synced_at: z.string().nullable().describe("when the CRM last accepted the lead"),
  crm_sync_error: z
    .string()
    .nullable()
    .describe(
      'why the last CRM sync failed (or why it could not run); null once a sync succeeds. Failed syncs are retried for about ten hours (seconds apart, then by a sweep 1, 2, 4 ... 32 minutes apart, then hourly); the last one ends with "(gave up after N attempts)"',
    ),
});
export type LeadDetailResponse = z.infer<typeof LeadDetailResponse>;

export const ListLeadsQuery = z.object({
  status: z.enum(LEAD_STAGES).optional().describe("A lead stage"),
  q: SearchText.optional().describe(
    'Text found anywhere in the name ("first last") or the e-mail, in any letter case, with or without accents ("ramirez" finds "Ana Ramírez"); or the digits of a phone number, however spaced ("55 1234" finds +525512345678)',
  ),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(ROW_COUNT_MAX).default(0),
  cursor: CursorParam,
  format: ExportFormatParam,
});
export type ListLeadsQuery = z.infer<typeof ListLeadsQuery>;

export const LeadAnalyticsResponse = z.object({
  by_source: z.array(
    z.object({
      source_channel: z.string().nullable(),
      campaign_id: z.string().nullable(),
      leads: RowCount(),
      converted: RowCount(),
      conversion_rate: z.number().min(0).max(1).describe("converted / leads, 0 to 1, rounded to 4 places"),
    }),
  ),
  total_leads: RowCount(),
  total_converted: RowCount(),
});
