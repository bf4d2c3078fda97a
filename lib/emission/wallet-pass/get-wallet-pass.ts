import type { Policy } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { loadCertificateData, type CertificateData } from "../certificate/certificate-data";
import { assertCovering, getPolicyOrThrow } from "../internal";
import { configuredOrganizationName } from "./configuration";
import { PASS_BACKGROUND, passImages } from "./images";
import { packagePass } from "./package-pass";
import { getWalletSigner, type WalletSigner } from "./signer";

/** The pass prints what the certificate prints, read by the same loader. */
type PassDetails = Pick<
  CertificateData,
  "insurerName" | "holderName" | "productName" | "planName" | "coverages" | "verificationUrl"
>;

/** GET /emission/policies/{id}/passbook: the policy as a signed .pkpass, for a policy that covers its people. */
export async function getWalletPass({
  ctx,
  policyId,
}: {
  ctx: ServiceContext;
  policyId: string;
}): Promise<{ filename: string; content: Uint8Array }> {
  assertCan(ctx.actor, "emission:read", "portal:read");
  const policy = await getPolicyOrThrow(ctx, policyId);
  assertCovering(policy, "a wallet pass");
  const details = await loadCertificateData(ctx.db, policy.id);
  const signer = getWalletSigner();
  const passJson = walletPassJson(policy, details, signer);
  return { filename: `policy_${policy.id}.pkpass`, content: packagePass({ passJson, images: passImages(), signer }) };
}

const colour = ({ red, green, blue }: { red: number; green: number; blue: number }) => `rgb(${red}, ${green}, ${blue})`;

/** pass.json of a generic pass (Apple's PassKit format, version 1) whose QR code is the verification link. */
function walletPassJson(policy: Policy, details: PassDetails, signer: WalletSigner) {
  const organizationName = configuredOrganizationName() ?? details.insurerName;
  const link = details.verificationUrl;
  const coverageLines = details.coverages.map((coverage) =>
    coverage.limitAmount ? `${coverage.name}: up to ${coverage.limitAmount} ${policy.currency}` : coverage.name,
  );
  const barcode = {
    format: "PKBarcodeFormatQR",
    message: link,
    messageEncoding: "iso-8859-1",
    altText: policy.policyNumber,
  };
  return {
    formatVersion: 1,
    passTypeIdentifier: signer.passTypeId,
    teamIdentifier: signer.teamId,
    serialNumber: policy.id,
    organizationName,
    description: `${organizationName} policy ${policy.policyNumber}`,
    logoText: organizationName,
    foregroundColor: "rgb(255, 255, 255)",
    labelColor: "rgb(190, 208, 230)",
    backgroundColor: colour(PASS_BACKGROUND),
    // Wallet greys out the pass after the last day of cover (dates are UTC calendar days).
    expirationDate: `${policy.endDate}T23:59:59Z`,
    generic: {
      primaryFields: [{ key: "policy_number", label: "POLICY", value: policy.policyNumber }],
      secondaryFields: [
        { key: "holder", label: "HOLDER", value: details.holderName },
        { key: "plan", label: "PLAN", value: details.planName },
      ],
      auxiliaryFields: [
        { key: "valid_from", label: "VALID FROM", value: policy.startDate },
        { key: "valid_to", label: "VALID TO", value: policy.endDate },
        { key: "status", label: "STATUS", value: policy.status },
      ],
      backFields: [
        { key: "product", label: "Product", value: `${details.productName}, plan ${details.planName}` },
        {
          key: "coverages",
          label: "Coverages",
          value: coverageLines.length > 0 ? coverageLines.join("\n") : "As in the policy certificate",
        },
        {
          key: "verification",
          label: "Verify this policy",
          value: `Scan the QR code or open ${link} to see whether the policy is in force.`,
        },
      ],
    },
    barcodes: [barcode],
    // Wallet before iOS 9 reads only the single `barcode` key.
    barcode,
  };
}
