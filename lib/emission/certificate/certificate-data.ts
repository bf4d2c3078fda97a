import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, min, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  beneficiaries,
  claims,
  clients,
  companies,
  coverages,
  planVersions,
  plans,
  policies,
  products,
  users,
} from "@/db/schema";
import { NotFoundError } from "@/lib/errors";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { money, formatMoney as toMoneyString } from "@/lib/money";
import { displayPhone } from "@/lib/phone-display";
import { todayUtc } from "../dates";
import { KINSHIP_TYPES, type KinshipType, type PolicyStatus } from "@/db/enums";
import { getPolicyWithNamesOrThrow } from "../internal";
import { verificationUrl } from "../verification";

/**
 * Everything printed on a certificate, read once so the template is a pure function of it. Its sources
 * are digested by loadCertificateState too: a field added here is added there.
 */
export type CertificateData = {
  /** The client's preferred_language: every text, date and amount of the certificate is in it (the default locale when absent). */
  language?: Locale;
  /** The insurer as its administrator describes it (PATCH /organizations/companies/{id} and its logo). */
  insurer: {
    name: string;
    address: string | null;
    registrationNumber: string | null;
    /** In international form for reading ("+52 55 1234 5678"). */
    contactPhone: string | null;
    contactEmail: string | null;
    /** A PNG or JPEG, its type checked on upload. */
    logo: Uint8Array | null;
  };
  /** Who sold the policy (the user who issued it), when a user did. */
  seller: { name: string; email: string } | null;
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
  /** The monthly premium of the lives still covered: a deceased or removed life no longer counts. */
  totalPrice: string;
  /** The holder first, then the other lives by kinship (spouse, children, parents, others), each in the order entered. */
  beneficiaries: Array<{
    name: string;
    kinship: KinshipType;
    dateOfBirth: string;
    ageAtStart: number;
    price: string;
    deceased: boolean;
    /** The date of death its claim records, when one does. */
    deceasedOn: string | null;
    /** When a life was removed from the policy (an endorsement), the last day of its cover. */
    coverEndDate: string | null;
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

/**
 * The policy's state as its certificate prints it, and its client's current language, in one query that
 * leaves the people, the coverages and the logo in the database (it sends back their digests): a download
 * of a kept certificate never loads them. It reads the very fields loadCertificateData prints (a field
 * printed there is added here), but the issue date and that day's status, and nothing else, so that a
 * change of something not printed (a payment, the status, the client's phone) keeps the certificate.
 */
export async function loadCertificateState(db: DbOrTx, policyId: string): Promise<{ language: Locale; state: string }> {
  // string_agg of nothing is null: a policy without people or coverages digests the empty text.
  const people = sql`(
    select md5(coalesce(string_agg(json_build_array(
      ${beneficiaries.firstName}, ${beneficiaries.lastName}, ${beneficiaries.kinshipType},
      ${beneficiaries.dateOfBirth}, ${beneficiaries.ageAtStart}, ${beneficiaries.price}, ${beneficiaries.deceasedFlag},
      case when ${beneficiaries.deceasedFlag} then (
        select min(${claims.dateOfDeath}) from ${claims} where ${claims.beneficiaryId} = ${beneficiaries.id}
      ) end,
      case when ${beneficiaries.deceasedFlag} then null else ${beneficiaries.coverEndDate} end
    )::text, ',' order by ${beneficiaries.position}, ${beneficiaries.id}), ''))
    from ${beneficiaries} where ${beneficiaries.policyId} = ${policies.id}
  )`;
  const covered = sql`(
    select md5(coalesce(string_agg(json_build_array(
      ${coverages.name}, ${coverages.description}, ${coverages.limitAmount}
    )::text, ',' order by ${coverages.name}, ${coverages.id}), ''))
    from ${coverages} where ${coverages.planVersionId} = ${policies.planVersionId}
  )`;
  const [row] = await db
    .select({
      language: clients.preferredLanguage,
      printed: sql<string>`json_build_array(
        ${policies.policyNumber}, ${clients.firstName}, ${clients.lastName}, ${products.name}, ${plans.name},
        ${planVersions.versionLabel}, ${policies.startDate}, ${policies.endDate}, ${policies.currency},
        ${planVersions.wtimeSuicide}, ${planVersions.wtimeAccident}, ${planVersions.wtimePreexisting},
        ${companies.name}, ${companies.address}, ${companies.registrationNumber}, ${companies.contactPhone},
        ${companies.contactEmail}, md5(${companies.logo}), ${users.fullName}, ${users.email}, ${people}, ${covered}
      )::text`,
    })
    .from(policies)
    .innerJoin(clients, eq(clients.id, policies.clientId))
    .innerJoin(companies, eq(companies.id, policies.companyId))
    .innerJoin(planVersions, eq(planVersions.id, policies.planVersionId))
    .innerJoin(plans, eq(plans.id, planVersions.planId))
    .innerJoin(products, eq(products.id, plans.productId))
    .leftJoin(users, eq(users.id, policies.createdBy))
    .where(eq(policies.id, policyId));
  if (!row) throw new NotFoundError("policy");
  const digest = createHash("sha256")
    .update(JSON.stringify([row.language, verificationUrl(policyId), row.printed]))
    .digest("base64url");
  return { language: row.language, state: `content:${digest.slice(0, 22)}` };
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
  const deceasedIds = people.filter((person) => person.deceasedFlag).map((person) => person.id);
  const [covered, [company], [seller], deaths] = await Promise.all([
    db
      .select()
      .from(coverages)
      .where(eq(coverages.planVersionId, version.id))
      .orderBy(asc(coverages.name), asc(coverages.id)),
    db.select().from(companies).where(eq(companies.id, policy.companyId)),
    policy.createdBy
      ? db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, policy.createdBy))
      : Promise.resolve([]),
    deceasedIds.length
      ? db
          .select({ beneficiaryId: claims.beneficiaryId, dateOfDeath: min(claims.dateOfDeath) })
          .from(claims)
          .where(and(inArray(claims.beneficiaryId, deceasedIds), isNotNull(claims.dateOfDeath)))
          .groupBy(claims.beneficiaryId)
      : Promise.resolve([]),
  ]);
  const deathOf = new Map(deaths.map((death) => [death.beneficiaryId, death.dateOfDeath]));
  // Stable: within one kinship the order the people were entered in.
  const byKinship = [...people].sort(
    (a, b) => KINSHIP_TYPES.indexOf(a.kinshipType) - KINSHIP_TYPES.indexOf(b.kinshipType),
  );
  // The lives endorsement.ts counts as covered (not removed, not dead): the premium is theirs alone.
  const stillCovered = people.filter((person) => person.coverEndDate === null && !person.deceasedFlag);
  return {
    language: clientLanguage,
    insurer: {
      name: company.name,
      address: company.address,
      registrationNumber: company.registrationNumber,
      contactPhone: company.contactPhone && displayPhone(company.contactPhone),
      contactEmail: company.contactEmail,
      logo: company.logo,
    },
    seller: seller ? { name: seller.name ?? seller.email, email: seller.email } : null,
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
    totalPrice: toMoneyString(stillCovered.reduce((sum, person) => sum.plus(person.price), money(0))),
    beneficiaries: byKinship.map((person) => ({
      name: `${person.firstName} ${person.lastName}`,
      kinship: person.kinshipType,
      dateOfBirth: person.dateOfBirth,
      ageAtStart: person.ageAtStart,
      price: person.price,
      deceased: person.deceasedFlag,
      deceasedOn: person.deceasedFlag ? (deathOf.get(person.id) ?? null) : null,
      coverEndDate: person.deceasedFlag ? null : person.coverEndDate,
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
