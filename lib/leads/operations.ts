import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import { IdParams } from "@/lib/schemas";
import { CaptureLeadInput, LeadAnalyticsResponse, LeadDetailResponse, LeadResponse, ListLeadsQuery, UpdateLeadInput } from "./schemas";

const tag = "Leads";

export const leadsOperations = {
  captureLead: defineOperation({
    method: "POST",
    path: "/leads/",
    tag,
    summary: "Capture a lead from a public form (by phone number)",
    description:
      "Public, 30 requests per minute per client address (then 429). The phone must be E.164. A new phone: 201 with stage NEW. A known phone: 200 with the same lead; names and e-mail are updated when given, and source_channel, utm_source, utm_medium, campaign_id and landing_page keep their first values. Concurrent posts of one phone never make two leads. The lead belongs to the given business unit's company, else to the default company.",
    access: "public",
    body: CaptureLeadInput,
    responses: {
      200: { description: "The known lead", schema: LeadResponse },
      201: { description: "The new lead", schema: LeadResponse },
      404: { description: "Unknown business unit" },
      429: { description: "Too many leads from this address" },
    },
  }),
  listLeads: defineOperation({
    method: "GET",
    path: "/leads/",
    tag,
    summary: "Leads in the caller's scope, newest first",
    description: "A bare list with limit/offset; `status` filters by stage. Deviation: a portal client (CLIENTE) gets 403 (leads hold prospects' phone numbers).",
    access: "leads:read",
    query: ListLeadsQuery,
    responses: { 200: { description: "Leads", schema: z.array(LeadResponse) } },
  }),
  leadAnalytics: defineOperation({
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
    description: "The lead response plus crm_synced_at and crm_sync_error (why the last sync failed, or why it could not run), which the list leaves out.",
    access: "leads:read",
    params: IdParams,
    responses: { 200: { description: "The lead", schema: LeadDetailResponse }, 404: { description: "Unknown lead, or outside the caller's scope" } },
  }),
  updateLead: defineOperation({
    method: "PATCH",
    path: "/leads/{id}",
    tag,
    summary: "Move a lead along the pipeline, score it, or mark checkout progress",
    description:
      "Stages: NEW -> CONTACTED, QUALIFIED or DISQUALIFIED; CONTACTED -> QUALIFIED or DISQUALIFIED; QUALIFIED -> CONVERTED or DISQUALIFIED; DISQUALIFIED -> CONTACTED; CONVERTED is final (and sets converted_to_contact_flag); other moves 409 (sending the current stage again is not a move). A marker set to true stamps its `_at` time once; purchase_completed clears abandoned_checkout_flag. Reaching QUALIFIED or CONVERTED sends the lead to the CRM in the background.",
    access: "leads:write",
    params: IdParams,
    body: UpdateLeadInput,
    responses: {
      200: { description: "The lead", schema: LeadResponse },
      404: { description: "Unknown lead" },
      409: { description: "The stage move is not allowed" },
    },
  }),
};
