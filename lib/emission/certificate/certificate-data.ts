import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { beneficiaries, clients, coverages, policies } from "@/db/schema";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { todayUtc } from "../dates";
import type { KinshipType, PolicyStatus } from "@/db/enums";
import { getPolicyWithNamesOrThrow } from "../internal";
import { verificationUrl } from "../verification";

/** Everything printed on a certificate, read once so the template is a pure function of it. */
export type CertificateData = {
  /** The client's preferred_language: every text, date and amount of the certificate is in it (the default locale when absent). */
  language?: Locale;
  insurerName: string;
  policyNumber: string;
  holderName: string;
  productName: string;
  planName: string;
  versionLabel: string | null;
  validFrom: string;
  validTo: string;
  /** The status on the day the certificate was rendered; the QR code gives the standing of the day it is read. */
  status: PolicyStatus;
  issuedOn: string;
  currency: string;
  totalPrice: string;
  beneficiaries: Array<{
    name: string;
    kinship: KinshipType;
    dateOfBirth: string;
    ageAtStart: number;
    price: string;
    deceased: boolean;
  }>;
  coverages: Array<{ name: string; description: string | null; limitAmount: string | null }>;
  waitingPeriodDays: { suicide: number; accident: number; preexisting: number };
  verificationUrl: string;
};

/** The language of a policy's documents: its client's current preferred_language. */
export async function documentLanguage(db: DbOrTx, policyId: string): Promise<Locale> {
  const [row] = await db
    .select({ language: clients.preferredLanguage })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .where(eq(policies.id, policyId));
  return row?.language ?? defaultLocale();
}

/** What the certificate of a policy prints, in `language` (by default its client's current preferred_language). */
export async function loadCertificateData(db: DbOrTx, policyId: string, language?: Locale): Promise<CertificateData> {
  const [row, people, clientLanguage] = await Promise.all([
    getPolicyWithNamesOrThrow(db, policyId),
    db
      .select()
      .from(beneficiaries)
      .where(eq(beneficiaries.policyId, policyId))
      .orderBy(asc(beneficiaries.position), asc(beneficiaries.id)),
    language ? Promise.resolve(language) : documentLanguage(db, policyId),
  ]);
  const { policy, version } = row;
  const covered = await db
    .select()
    .from(coverages)
    .where(eq(coverages.planVersionId, version.id))
    .orderBy(asc(coverages.name), asc(coverages.id));
  return {
    language: clientLanguage,
    insurerName: row.companyName,
    policyNumber: policy.policyNumber,
    holderName: row.clientName,
    productName: row.productName,
    planName: row.planName,
    versionLabel: version.versionLabel,
    validFrom: policy.startDate,
    validTo: policy.endDate,
    status: policy.status,
    issuedOn: todayUtc(),
    currency: policy.currency,
    totalPrice: policy.finalPrice,
    beneficiaries: people.map((person) => ({
      name: `${person.firstName} ${person.lastName}`,
      kinship: person.kinshipType,
      dateOfBirth: person.dateOfBirth,
      ageAtStart: person.ageAtStart,
      price: person.price,
      deceased: person.deceasedFlag,
    })),
    coverages: covered.map((coverage) => ({
      name: coverage.name,
      description: coverage.description,
      limitAmount: coverage.limitAmount,
    })),
    waitingPeriodDays: {
      suicide: version.wtimeSuicide,
      accident: version.wtimeAccident,
      preexisting: version.wtimePreexisting,
    },
    verificationUrl: verificationUrl(policy.id),
  };
}
