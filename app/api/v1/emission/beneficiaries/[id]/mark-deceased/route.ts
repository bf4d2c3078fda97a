import { markBeneficiaryDeceased } from "@/lib/emission/mark-deceased";
import { emissionOperations } from "@/lib/emission/operations";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// POST /api/v1/emission/beneficiaries/{id}/mark-deceased - flag the death and open the claim
export const POST = withApi(emissionOperations.markDeceased, async ({ ctx, params }) =>
  json(await markBeneficiaryDeceased({ ctx, beneficiaryId: params.id })),
);
