import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";
import { listCountries } from "@/lib/operations/geography";
import { operationsOperations } from "@/lib/operations/operations";

// GET /api/v1/geography/countries - every ISO country
export const GET = withApi(operationsOperations.listCountries, async ({ ctx }) => json(await listCountries({ ctx })));
