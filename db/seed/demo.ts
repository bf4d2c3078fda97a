import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import {
  ageSurcharges,
  beneficiaries,
  claimExpenses,
  claims,
  claimStatusHistory,
  clients,
  companies,
  coverages,
  leads,
  planVersionCountries,
  planVersions,
  plans,
  policies,
  policyAccountEntries,
  policyNumberCounters,
  policyStatusHistory,
  products,
  transactions,
  users,
} from "@/db/schema";
import { nextClaimNumber } from "@/lib/claims/claim-numbers";
import { addChecklist } from "@/lib/claims/requirements/checklist";
import { addDays, monthEnd } from "@/lib/emission/premium-dates";
import { recordTerm } from "@/lib/emission/terms";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { ensureUser } from "./users";

/** The demo logins, printed at start-up and listed in the README. */
export const DEMO_LOGINS = [
  { role: "ADMIN", email: "admin@demo.local", password: "demo-admin-2026" },
  { role: "VENDEDOR", email: "seller@demo.local", password: "demo-seller-2026" },
  { role: "CLIENTE", email: "client@demo.local", password: "demo-client-2026" },
] as const;

/** Demo data for a first look: a catalog, a seller, a client with an active policy, leads and a claim. */
export async function seedDemoData(db: DbOrTx): Promise<void> {
  const [seeded] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGINS[0].email));
  if (seeded) return;
  const companyId = await getDefaultCompanyId(db);
  // What the certificate prints and the portal's "whom to call" offers, so a first look shows them filled.
  await db
    .update(companies)
    .set({
      address: "Av. Paseo de la Reforma 250, Col. Juárez, 06600 Ciudad de México",
      registrationNumber: "CNSF-S0427",
      contactPhone: "+525512345678",
      contactEmail: "atencion@demo.local",
    })
    .where(eq(companies.id, companyId));
  const [admin, seller] = [
    await ensureUser(db, { ...DEMO_LOGINS[0], fullName: "Ana Admin", roles: ["ADMIN"] }),
    await ensureUser(db, { ...DEMO_LOGINS[1], fullName: "Sergio Seller", roles: ["VENDEDOR"] }),
  ];
  await ensureUser(db, { ...DEMO_LOGINS[2], fullName: "María López", roles: ["CLIENTE"] });

  const [product] = await db
    .insert(products)
    .values({
      name: "Repatriation Cover",
      description: "Repatriation of remains and funeral services abroad.",
      productType: "repatriation",
    })
    .returning();
  const [plan] = await db.insert(plans).values({ productId: product.id, name: "Essential" }).returning();
  const [version] = await db
    .insert(planVersions)
    .values({
      planId: plan.id,
      versionLabel: "2026.1",
      costPrice: "12.00",
      publicPrice: "25.00",
      currency: "USD",
      maxEntryAge: 70,
      maxRenewalAge: 80,
      wtimeSuicide: 730,
      wtimeAccident: 0,
      wtimePreexisting: 180,
    })
    .returning();
  await db.insert(planVersionCountries).values([
    { planVersionId: version.id, countryCode: "MX", isAvailable: true },
    { planVersionId: version.id, countryCode: "US", isAvailable: true, price: "30.00" },
    { planVersionId: version.id, countryCode: "ES", isAvailable: true },
  ]);
  await db.insert(ageSurcharges).values([
    { planVersionId: version.id, minAge: 50, maxAge: 59, percentage: "10.00" },
    { planVersionId: version.id, minAge: 60, maxAge: 70, percentage: "25.00" },
  ]);
  await db.insert(coverages).values([
    { planVersionId: version.id, name: "Repatriation of remains", limitAmount: "10000.00" },
    { planVersionId: version.id, name: "Funeral service", limitAmount: "3000.00" },
  ]);

  const [client] = await db
    .insert(clients)
    .values({
      firstName: "María",
      lastName: "López",
      email: DEMO_LOGINS[2].email,
      birthDate: "1980-04-12",
      nationality: "MX",
      countryOfResidence: "US",
      acquisitionChannel: "seller",
      companyId,
      createdBy: seller,
    })
    .returning();
  const year = new Date().getUTCFullYear();
  await db
    .insert(policyNumberCounters)
    .values({ year, lastValue: 1 })
    .onConflictDoUpdate({
      target: policyNumberCounters.year,
      set: { lastValue: sql`${policyNumberCounters.lastValue} + 1` },
    });
  const startDate = `${year}-01-01`;
  // Paid by transfer to the end of the current month: one premium a month since January.
  const monthsPaid = new Date().getUTCMonth() + 1;
  const paidToDate = monthEnd(startDate, monthsPaid);
  const [policy] = await db
    .insert(policies)
    .values({
      policyNumber: `POL-${year}-000001`,
      clientId: client.id,
      planVersionId: version.id,
      companyId,
      startDate,
      termStartDate: startDate,
      endDate: `${year}-12-31`,
      currency: "USD",
      finalPrice: "97.50",
      status: "ACTIVE",
      paidToDate,
      createdBy: seller,
    })
    .returning();
  const people = await db
    .insert(beneficiaries)
    .values([
      {
        policyId: policy.id,
        firstName: "María",
        lastName: "López",
        kinshipType: "SELF",
        dateOfBirth: "1980-04-12",
        ageAtStart: year - 1981,
        ageAtTermStart: year - 1981,
        coverStartDate: startDate,
        price: "30.00",
        position: 0,
      },
      {
        policyId: policy.id,
        firstName: "Jorge",
        lastName: "López",
        kinshipType: "SPOUSE",
        dateOfBirth: "1990-09-30",
        ageAtStart: year - 1991,
        ageAtTermStart: year - 1991,
        coverStartDate: startDate,
        price: "30.00",
        position: 1,
      },
      {
        policyId: policy.id,
        firstName: "Rosa",
        lastName: "Díaz",
        kinshipType: "PARENT",
        dateOfBirth: "1958-02-03",
        ageAtStart: year - 1959,
        ageAtTermStart: year - 1959,
        coverStartDate: startDate,
        price: "37.50",
        deceasedFlag: true,
        deceasedAt: new Date(),
        // As marking a life deceased does: its cover ends the day it is marked.
        coverEndDate: new Date().toISOString().slice(0, 10),
        position: 2,
      },
    ])
    .returning();
  const parent = people[2];
  await recordTerm(db, policy, people);
  // As her death re-priced it (lib/lifecycle/mark-beneficiary-deceased.ts): from the next unpaid month the
  // premium is the lives still covered, as the certificate and the portal say.
  await db.update(policies).set({ finalPrice: "60.00" }).where(eq(policies.id, policy.id));
  await db.insert(policyStatusHistory).values([
    {
      policyId: policy.id,
      fromStatus: null,
      toStatus: "PENDING_PAYMENT",
      changedBy: seller,
      reason: "policy issued",
      effectiveDate: startDate,
      // One insert stamps both moves alike; the history is read in the order the moves were made.
      changedAt: new Date(Date.now() - 60_000),
    },
    {
      policyId: policy.id,
      fromStatus: "PENDING_PAYMENT",
      toStatus: "ACTIVE",
      changedBy: admin,
      reason: "manual payment received",
      effectiveDate: startDate,
    },
  ]);
  const [payment] = await db
    .insert(transactions)
    .values({
      policyId: policy.id,
      kind: "MANUAL",
      status: "PAID",
      amount: (97.5 * monthsPaid).toFixed(2),
      currency: "USD",
      reference: "DEMO-TRANSFER-1",
      createdBy: admin,
      paidAt: new Date(),
    })
    .returning();
  // The account lists its lines by date, then by when they were written: the payment, then its months.
  const written = Date.now();
  await db.insert(policyAccountEntries).values([
    {
      policyId: policy.id,
      entryDate: startDate,
      kind: "PAYMENT",
      amount: payment.amount,
      reference: "DEMO-TRANSFER-1",
      transactionId: payment.id,
      createdAt: new Date(written),
    },
    ...Array.from({ length: monthsPaid }, (_, index) => ({
      policyId: policy.id,
      entryDate: startDate,
      kind: "PREMIUM_PAID" as const,
      amount: "97.50",
      reference: `${index === 0 ? startDate : addDays(monthEnd(startDate, index), 1)} – ${monthEnd(startDate, index + 1)}`,
      createdAt: new Date(written + index + 1),
    })),
  ]);
  const [claim] = await db
    .insert(claims)
    .values({
      claimNumber: await nextClaimNumber(db, companyId, year),
      policyId: policy.id,
      beneficiaryId: parent.id,
      companyId,
      description: "Demo claim: repatriation from the US to Mexico.",
      // A natural death a few days ago, while the policy covered her (never before its start).
      dateOfDeath: [addDays(new Date().toISOString().slice(0, 10), -3), startDate].sort().at(-1),
      causeOfDeath: "NATURAL",
      placeOfDeathCountry: "US",
      repatriationToCountry: "MX",
      createdBy: admin,
    })
    .returning();
  // Its documents to collect (the base and the repatriation items) and the funeral home's first invoice.
  await addChecklist(db, claim);
  await db.insert(claimExpenses).values({
    claimId: claim.id,
    amount: "1250.50",
    currency: "USD",
    expenseType: "REPATRIATION",
    createdBy: admin,
  });
  await db.insert(claimStatusHistory).values({
    claimId: claim.id,
    fromStatus: null,
    toStatus: "PENDING",
    changedBy: admin,
    reason: "beneficiary marked deceased",
  });

  await db.insert(leads).values([
    {
      phoneE164: "+525512345678",
      firstName: "Luis",
      sourceChannel: "whatsapp",
      utmSource: "facebook",
      utmMedium: "cpc",
      campaignId: "spring-26",
      companyId,
    },
    {
      phoneE164: "+13105550123",
      firstName: "Carmen",
      sourceChannel: "organic",
      landingPage: "https://example.com/cover",
      stage: "CONTACTED",
      companyId,
    },
    {
      phoneE164: "+34600111222",
      firstName: "Pablo",
      sourceChannel: "instagram",
      utmSource: "instagram",
      campaignId: "summer-26",
      stage: "QUALIFIED",
      leadScore: 70,
      companyId,
    },
  ]);
}
