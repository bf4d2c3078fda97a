import { createTranslator } from "next-intl";
import type { Policy } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { defaultLocale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/i18n/format";
import { catalogs } from "@/messages";
import { loadCertificateData, type CertificateData } from "../certificate/certificate-data";
import { assertCovering, getPolicyOrThrow } from "../internal";
import { configuredOrganizationName } from "./configuration";
import { PASS_BACKGROUND, passImages } from "./images";
import { packagePass } from "./package-pass";
import { passLocalizations, type PassLabel, type PassText } from "./pass-strings";
import { getWalletSigner, type WalletSigner } from "./signer";

/** The pass prints what the certificate prints, read by the same loader. */
type PassDetails = Pick<
  CertificateData,
  "insurer" | "holderName" | "productName" | "planName" | "coverages" | "verificationUrl" | "language"
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
  return {
    filename: `policy_${policy.id}.pkpass`,
    content: packagePass({ passJson, images: passImages(), localizations: passLocalizations(), signer }),
  };
}

const colour = ({ red, green, blue }: { red: number; green: number; blue: number }) => `rgb(${red}, ${green}, ${blue})`;

const label = (key: PassLabel) => key;
const fixedText = (key: PassText) => key;

/** A calendar date as Wallet formats it in the phone's language: the day itself, whatever the phone's time zone. */
const calendarDate = (date: string) => ({
  value: `${date}T00:00:00Z`,
  dateStyle: "PKDateStyleShort",
  ignoresTimeZone: true,
});

/**
 * pass.json of a generic pass (Apple's PassKit format, version 1) whose QR code is the verification link.
 * Labels, fixed texts and the status are keys of the pass's strings files (the phone's language, see
 * pass-strings.ts); the few texts that carry data (the description, coverage limits, the verification
 * sentence) are written in the client's preferred_language, as the certificate is.
 */
function walletPassJson(policy: Policy, details: PassDetails, signer: WalletSigner) {
  const locale = details.language ?? defaultLocale();
  const t = createTranslator({ locale, messages: catalogs[locale], namespace: "pass" });
  const organizationName = configuredOrganizationName() ?? details.insurer.name;
  const link = details.verificationUrl;
  const coverageLines = details.coverages.map((coverage) =>
    coverage.limitAmount
      ? t("coverageLimit", { name: coverage.name, amount: formatMoney(coverage.limitAmount, policy.currency, locale) })
      : coverage.name,
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
    description: t("description", { organization: organizationName, number: policy.policyNumber }),
    logoText: organizationName,
    foregroundColor: "rgb(255, 255, 255)",
    labelColor: "rgb(190, 208, 230)",
    backgroundColor: colour(PASS_BACKGROUND),
    // Wallet greys out the pass after the last day of cover (dates are UTC calendar days).
    expirationDate: `${policy.endDate}T23:59:59Z`,
    generic: {
      primaryFields: [{ key: "policy_number", label: label("policy_number"), value: policy.policyNumber }],
      secondaryFields: [
        { key: "holder", label: label("holder"), value: details.holderName },
        { key: "plan", label: label("plan"), value: details.planName },
      ],
      auxiliaryFields: [
        { key: "valid_from", label: label("valid_from"), ...calendarDate(policy.startDate) },
        { key: "valid_to", label: label("valid_to"), ...calendarDate(policy.endDate) },
        // The API's code: the strings files name it in the phone's language.
        { key: "status", label: label("status"), value: policy.status },
      ],
      backFields: [
        { key: "product", label: label("product"), value: `${details.productName} · ${details.planName}` },
        {
          key: "coverages",
          label: label("coverages"),
          value: coverageLines.length > 0 ? coverageLines.join("\n") : fixedText("coverages_as_certificate"),
        },
        { key: "verification", label: label("verification"), value: t("verificationText", { link }) },
      ],
    },
    barcodes: [barcode],
    // Wallet before iOS 9 reads only the single `barcode` key.
    barcode,
  };
}
