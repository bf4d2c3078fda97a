import { z } from "zod";
import { defineOperation, listResponse } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import {
  CapturedLeadResponse,
  CaptureLeadInput,
  ConvertLeadInput,
  LeadAnalyticsResponse,
  LeadDetailResponse,
  LeadResponse,
  ListLeadsQuery,
  UpdateLeadInput,
} from "./schemas";

const tag = "Leads";

export const leadsEndpoints = {
  captureLead: defineOperation({
    method: "POST",
    path: "/leads/",
    tag,
    summary: "Capture a lead from a public form (by phone number)",
    description: [
      "Public, 30 requests per minute per client address (then 429). The lead is found by its phone: E.164, or the national form of `country_code` when the body names one (an international number stands for itself); stored as E.164. A number that is not valid for its country, or in national form without `country_code`, is 422 naming phone_e164; an unknown `country_code` is 422 naming it.",
      "A new phone: 201. A known phone: 200. Concurrent posts of one phone never make two leads. A new lead belongs to the given business unit's company, else to the default company.",
      "Without credentials the answer is `{id}` only, never the stored lead, and a known phone's lead only gets the fields that are still empty; nothing set is changed. The same holds for a signed-in caller without leads:read, and for one whose scope does not include the lead (another company's or business unit's).",
      "A caller with leads:read whose scope includes the lead (a landing site's API key, a seller, ADMIN) gets the whole lead, and the names and e-mail it sends replace the stored ones. source_channel, utm_source, utm_medium, campaign_id and landing_page always keep their first non-empty value: a later post fills them only while empty. Sellers correct a lead with PATCH /leads/{id}.",
      "A post that changes nothing leaves updated_at as it was, so the CRM is sent nothing for it.",
    ].join("\n\n"),
    access: "public",
    body: CaptureLeadInput,
    responses: {
      200: {
        description: "The known lead: the whole lead (leads:read, in scope), else `{id}`",
        schema: z.union([LeadResponse, CapturedLeadResponse]),
      },
      201: {
        description: "The new lead: the whole lead (leads:read, in scope), else `{id}`",
        schema: z.union([LeadResponse, CapturedLeadResponse]),
      },
      404: { description: "Unknown business unit" },
      422: {
        description:
          "A phone that is not valid for its country (errors[].path phone_e164), an unknown country_code, or another invalid field",
      },
      429: { description: "Too many leads from this address" },
    },
  }),
  listLeads: defineOperation({
    method: "GET",
    path: "/leads/",
    tag,
    summary: "Leads in the caller's scope, newest first",
    description:
      "A bare list with limit/offset, or by `cursor` (the Next-Cursor header of the previous answer; newest first by created_at then id); `status` filters by stage, `q` searches names, e-mails and phone numbers. `format=csv|xlsx` downloads every matching lead. Deviation: a portal client (CLIENTE) gets 403 (leads hold prospects' phone numbers).",
    access: "leads:read",
    query: ListLeadsQuery,
    responses: { 200: listResponse("Leads", z.array(LeadResponse), { bare: true }) },
  }),
  getLeadAnalytics: defineOperation({
    method: "GET",
    path: "/leads/analytics",
    tag,
    summary: "Leads and conversion rate by source channel and campaign",
    access: "leads:read",
    responses: { 200: { description: "Counts per source channel and campaign", schema: LeadAnalyticsResponse } },
  }),
  getLead: defineOperation({
    method: "GET",
    path: "/leads/{id}",
    tag,
    summary: "One lead, with the state of its CRM sync",
    description:
      "leads:read, scoped like the list (a lead of another company, or of another business unit for a seller bound to one, is 404). The lead response plus crm_synced_at and crm_sync_error (why the last sync failed, or why it could not run), which the list leaves out. This is how a caller reads a lead whose capture answered `{id}` only.",
    access: "leads:read",
    params: IdParams,
    responses: {
      200: { description: "The lead", schema: LeadDetailResponse },
      404: { description: "Unknown lead, or outside the caller's scope" },
    },
  }),
  updateLead: defineOperation({
    method: "PATCH",
    path: "/leads/{id}",
    tag,
    summary: "Move a lead along the pipeline, score it, or mark checkout progress",
    description:
      "Stages: NEW -> CONTACTED, QUALIFIED or DISQUALIFIED; CONTACTED -> QUALIFIED or DISQUALIFIED; QUALIFIED -> CONVERTED or DISQUALIFIED; DISQUALIFIED -> CONTACTED; CONVERTED is final (and sets converted_to_contact_flag); other moves 409 (sending the current stage again is not a move). A marker set to true stamps its `_at` time once; purchase_completed clears abandoned_checkout_flag. Reaching QUALIFIED or CONVERTED sends the lead to the CRM in the background. A move to CONVERTED here is kept as the contract gives it and links no client (client_id stays null); POST /leads/{id}/convert converts with the client.",
    access: "leads:write",
    params: IdParams,
    body: UpdateLeadInput,
    responses: {
      200: { description: "The lead", schema: LeadResponse },
      404: { description: "Unknown lead" },
      409: { description: "The stage move is not allowed" },
    },
  }),
  convertLead: defineOperation({
    method: "POST",
    path: "/leads/{id}/convert",
    tag,
    summary: "Convert a qualified lead into a client, existing or new",
    description: [
      "Not in the contract. The lead becomes a client and moves to CONVERTED, in one transaction: either `client_id`, an existing client the caller may see (emission:read; another company's or unit's is 404), or `client`, a new client registered with the rules of POST /emission/clients (emission:write; a taken e-mail is 409 `email_taken`, its field errors are 422 under `client.`). Exactly one of the two, else 422 `client_or_client_id`.",
      "Only a QUALIFIED lead converts: any other stage is 409 as PATCH answers it, before a client is looked up or created. The client must be of the lead's company (422 `not_lead_company`; only ADMIN can reach another company's). Any refusal leaves nothing written: no client, no move.",
      "Audited as PATCH audits the move (LEAD_STAGE_CHANGED, then LEAD_CONVERTED naming client_id; CLIENT_CREATED for a new client) and sent to the CRM in the background. The answer is the lead, with client_id and client_name.",
    ].join("\n\n"),
    access: "leads:write",
    params: IdParams,
    body: ConvertLeadInput,
    responses: {
      200: { description: "The converted lead", schema: LeadResponse },
      403: { description: "Linking needs emission:read, creating a client emission:write" },
      404: { description: "Unknown lead or client, or outside the caller's scope" },
      409: {
        description: "The lead is not QUALIFIED (`conflict`), or the new client's e-mail is taken (`email_taken`)",
      },
      422: {
        description: "Neither or both of client_id and client, an invalid client field, or a client of another company",
      },
    },
  }),
};
