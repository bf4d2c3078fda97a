import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { listCountries } from "@/lib/operations/list-countries";
import { operationsEndpoints } from "@/lib/operations/endpoints";

// GET /api/v1/geography/countries - every ISO country
export const GET = withApi(operationsEndpoints.listCountries, async ({ ctx }) => json(await listCountries({ ctx })));
