import type { ClientResponse } from "@/lib/emission/schemas";

export type Client = ClientResponse;

export function clientName(client: Pick<Client, "first_name" | "last_name">): string {
  return `${client.first_name} ${client.last_name}`;
}

/** Suggestions only: the API takes any short text, so a channel the list lacks can still be typed. */
export const ACQUISITION_CHANNELS = ["Walk-in", "Referral", "Phone", "Website", "Partner", "Social media"] as const;
