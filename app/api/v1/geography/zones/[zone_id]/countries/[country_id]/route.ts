import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { linkCountryToZone } from "@/lib/operations/link-country-to-zone";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// POST /api/v1/geography/zones/{zone_id}/countries/{country_id} - link a country to a zone
export const POST = withApi(operationsEndpoints.linkZoneCountry, async ({ ctx, params }) =>
  json(await linkCountryToZone({ ctx, zoneId: params.zone_id, country: params.country_id })),
);
