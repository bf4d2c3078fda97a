import type { LeadStage } from "@/lib/leads/state-machine";
import type { LeadDetailResponse, LeadResponse } from "@/lib/leads/schemas";

export type Lead = LeadResponse;
export type LeadDetail = LeadDetailResponse;

export type LeadAnalytics = {
  by_source: Array<{
    source_channel: string | null;
    campaign_id: string | null;
    leads: number;
    converted: number;
    conversion_rate: number;
  }>;
  total_leads: number;
  total_converted: number;
};

const STAGE_LABELS: Record<LeadStage, string> = {
  NEW: "New",
  CONTACTED: "Contacted",
  QUALIFIED: "Qualified",
  DISQUALIFIED: "Disqualified",
  CONVERTED: "Converted",
};

export function stageLabel(stage: LeadStage): string {
  return STAGE_LABELS[stage];
}

/** The lead's name as captured, else its phone: a public form may give only the phone. */
export function leadName(lead: Pick<Lead, "first_name" | "last_name" | "phone_e164">): string {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ");
  return name || lead.phone_e164;
}

/** "just now", "5 min", "3 h", "2 d": how long the lead has been waiting, short enough for a card. */
export function ageLabel(since: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/** A percentage with at most one decimal: 0.3333 -> "33.3%". */
export function percent(rate: number): string {
  return `${Math.round(rate * 1000) / 10}%`;
}

/** HubSpot's page of a contact; it needs the account's portal id, so without one there is no link. */
export function hubspotContactUrl(portalId: string | null, contactId: string): string | null {
  if (!portalId) return null;
  return `https://app.hubspot.com/contacts/${encodeURIComponent(portalId)}/contact/${encodeURIComponent(contactId)}`;
}
