import { markBeneficiaryDeceased } from "@/lib/lifecycle/mark-beneficiary-deceased";
import { emissionEndpoints } from "@/lib/emission/endpoints";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/emission/beneficiaries/{id}/mark-deceased - flag the death and open the claim
export const POST = withApi(emissionEndpoints.markDeceased, async ({ ctx, params }) =>
  json(await markBeneficiaryDeceased({ ctx, beneficiaryId: params.id })),
);
