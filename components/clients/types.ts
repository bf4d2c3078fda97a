import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { ClientResponse } from "@/lib/emission/schemas";

export type Client = ClientResponse;

export function clientName(client: Pick<Client, "first_name" | "last_name">): string {
  return `${client.first_name} ${client.last_name}`;
}

/** Suggestions only: the API takes any short text, so a channel the list lacks can still be typed. */
export const ACQUISITION_CHANNELS = ["Walk-in", "Referral", "Phone", "Website", "Partner", "Social media"] as const;

/** A stored channel in the page's words when it is one of the suggestions; any other as it was typed. */
export function useChannelLabel(): (channel: string | null) => string | null {
  const t = useTranslations("clients.form.channels");
  return useCallback(
    (channel: string | null) =>
      channel !== null && (ACQUISITION_CHANNELS as readonly string[]).includes(channel)
        ? t(channel as (typeof ACQUISITION_CHANNELS)[number])
        : channel,
    [t],
  );
}
