"use client";

import { useTranslations } from "next-intl";
import { useApiData } from "@/components/ui/api-client";
import { PORTAL_URL, type Portal } from "./use-portal";

/**
 * The header's name for a client: its insurer's (the company of its client record, from the portal's
 * own answer, so no second request), not the platform's. Until it is known, or for a client the portal
 * cannot show yet (unverified, no client record), the name of the client's page.
 */
export function PortalBrand() {
  const t = useTranslations("nav.sections.portal");
  const { data } = useApiData<Portal>(PORTAL_URL);
  return <>{data?.company.name ?? t("label")}</>;
}
