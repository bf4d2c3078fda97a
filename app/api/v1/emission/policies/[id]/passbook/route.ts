import { emissionOperations } from "@/lib/emission/operations";
import { getWalletPass } from "@/lib/emission/wallet-pass/get-wallet-pass";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/emission/policies/{id}/passbook - the policy as a signed Apple Wallet pass
export const GET = withApi(emissionOperations.getWalletPass, async ({ ctx, params }) => {
  const { filename, content } = await getWalletPass({ ctx, policyId: params.id });
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": "application/vnd.apple.pkpass",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(content.byteLength),
      // A client's personal document: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
    },
  });
});
