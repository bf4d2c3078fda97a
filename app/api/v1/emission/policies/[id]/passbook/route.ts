import { emissionEndpoints } from "@/lib/emission/endpoints";
import { getWalletPass } from "@/lib/emission/wallet-pass/get-wallet-pass";
import { attachment } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id}/passbook - the policy as a signed Apple Wallet pass
export const GET = withApi(emissionEndpoints.getWalletPass, async ({ ctx, params }) => {
  const { filename, content } = await getWalletPass({ ctx, policyId: params.id });
  return attachment(content, "application/vnd.apple.pkpass", filename);
});
