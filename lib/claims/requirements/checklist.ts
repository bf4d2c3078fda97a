import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { claimRequirementLists, claimRequirements, type Claim } from "@/db/schema";
import { companyOf, type Actor } from "@/lib/auth/actor";
import { ForbiddenError } from "@/lib/errors";

// The documents a claim needs (claims-cover.md section 3): the base items, the repatriation items when
// the death and the burial are in different countries, and the destination's own extra items.

export type ChecklistItem = { code: string; label: string; mandatory: boolean };

/** The built-in base list, until a company sets its own (PUT /claims/requirements with country null). */
export const BUILT_IN_BASE_ITEMS: readonly ChecklistItem[] = [
  { code: "DEATH_CERTIFICATE", label: "Death certificate", mandatory: true },
  { code: "ID_OF_DECEASED", label: "Identity document of the deceased", mandatory: true },
  { code: "CLAIM_FORM", label: "Signed claim form", mandatory: true },
  { code: "FUNERAL_HOME_INVOICE", label: "Funeral home invoice", mandatory: true },
];

/** What moving a body across a border needs; always built in. */
export const REPATRIATION_ITEMS: readonly ChecklistItem[] = [
  { code: "EMBALMING_CERTIFICATE", label: "Embalming certificate", mandatory: true },
  { code: "TRANSIT_PERMIT", label: "Transit permit for human remains", mandatory: true },
  { code: "CONSULAR_AUTHORIZATION", label: "Consular authorization of the destination country", mandatory: true },
  { code: "AIR_WAYBILL", label: "Air waybill", mandatory: true },
];

export type Places = { placeOfDeathCountry: string | null; repatriationToCountry: string | null };

/** A repatriation: both countries known and different. */
export function isRepatriation(places: Places): boolean {
  return (
    places.placeOfDeathCountry !== null &&
    places.repatriationToCountry !== null &&
    places.placeOfDeathCountry !== places.repatriationToCountry
  );
}

/**
 * The company whose checklist a caller reads and sets: its own. An administrator's scope is every
 * company, but the checklist it edits is still its own company's, as a key's is its key's company.
 */
export function checklistCompanyOf(actor: Actor): string {
  const companyId = companyOf(actor);
  if (!companyId) throw new ForbiddenError("the checklist belongs to a company; this caller has none");
  return companyId;
}

/** The company's stored list for a destination (or its base list, country null); null when it set none. */
export async function storedList(db: DbOrTx, companyId: string, country: string | null) {
  const [row] = await db
    .select({ items: claimRequirementLists.items })
    .from(claimRequirementLists)
    .where(
      and(
        eq(claimRequirementLists.companyId, companyId),
        country === null ? isNull(claimRequirementLists.country) : eq(claimRequirementLists.country, country),
      ),
    );
  return row ? row.items : null;
}

/** The checklist of a claim with these places, in order: base, repatriation, destination. A code appears once. */
export async function checklistFor(db: DbOrTx, companyId: string, places: Places): Promise<ChecklistItem[]> {
  const base = (await storedList(db, companyId, null)) ?? BUILT_IN_BASE_ITEMS;
  const destination =
    places.repatriationToCountry === null
      ? []
      : ((await storedList(db, companyId, places.repatriationToCountry)) ?? []);
  const items = [...base, ...(isRepatriation(places) ? REPATRIATION_ITEMS : []), ...destination];
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.code) && seen.add(item.code));
}

/** Gives a new claim its checklist, in the caller's transaction. */
export async function addChecklist(db: DbOrTx, claim: Claim): Promise<void> {
  const items = await checklistFor(db, claim.companyId, claim);
  if (items.length === 0) return;
  await db
    .insert(claimRequirements)
    .values(items.map((item, index) => ({ claimId: claim.id, ...item, position: index + 1 })));
}

/**
 * After the places of a claim changed (PATCH /claims/{id}): the items that now apply and are absent are
 * added; the items that no longer apply are dropped while still MISSING (an upload is never thrown away).
 */
export async function refreshChecklist(db: DbOrTx, claim: Claim): Promise<void> {
  const items = await checklistFor(db, claim.companyId, claim);
  const current = await db.select().from(claimRequirements).where(eq(claimRequirements.claimId, claim.id));
  const wanted = new Set(items.map((item) => item.code));
  const stale = current.filter((row) => !wanted.has(row.code) && row.status === "MISSING" && row.documentId === null);
  if (stale.length > 0)
    await db.delete(claimRequirements).where(
      and(
        eq(claimRequirements.claimId, claim.id),
        inArray(
          claimRequirements.id,
          stale.map((row) => row.id),
        ),
      ),
    );
  const have = new Set(current.map((row) => row.code));
  let position = current.reduce((max, row) => Math.max(max, row.position), 0);
  const added = items.filter((item) => !have.has(item.code));
  if (added.length > 0)
    await db
      .insert(claimRequirements)
      .values(added.map((item) => ({ claimId: claim.id, ...item, position: (position += 1) })));
}
