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

/** The lead's name as captured, else its phone: a public form may give only the phone. */
export function leadName(lead: Pick<Lead, "first_name" | "last_name" | "phone_e164">): string {
  const name = [lead.first_name, lead.last_name].filter(Boolean).join(" ");
  return name || lead.phone_e164;
}

/** How long the lead has been waiting, in the largest unit a card needs: "just now", "5 min", "3 h", "2 d". */
export type LeadAge = { unit: "now" } | { unit: "minutes" | "hours" | "days"; count: number };

export function leadAge(since: string, now = Date.now()): LeadAge {
  const minutes = Math.max(0, Math.floor((now - Date.parse(since)) / 60_000));
  if (minutes < 1) return { unit: "now" };
  if (minutes < 60) return { unit: "minutes", count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: "hours", count: hours };
  return { unit: "days", count: Math.floor(hours / 24) };
}

/** HubSpot's page of a contact; it needs the account's portal id, so without one there is no link. */
export function hubspotContactUrl(portalId: string | null, contactId: string): string | null {
  if (!portalId) return null;
  return `https://app.hubspot.com/contacts/${encodeURIComponent(portalId)}/contact/${encodeURIComponent(contactId)}`;
}
