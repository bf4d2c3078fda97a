import { eq } from "drizzle-orm";
import { companies } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { phoneToE164OrThrow } from "@/lib/phone";
import { writeAudit } from "./audit";
import { assertCountryExists, companyColumns, getCompanyOrThrow, toCompanyResponseWithUnits } from "./internal";
import type { UpdateCompanyInput } from "./schemas";

/**
 * Edits a company after its creation (name, tax id, country, reseller, commission rate, and the profile
 * its certificates print: address, registration number, contact phone and e-mail). The audit row
 * COMPANY_UPDATED names each changed field with its old and new value; a change to nothing writes no
 * row. A new commission rate applies to payments from then on (the dashboard reads the current rate).
 */
export async function updateCompany({
  ctx,
  companyId,
  input,
}: {
  ctx: ServiceContext;
  companyId: string;
  input: UpdateCompanyInput;
}) {
  assertCan(ctx.actor, "organizations:manage");
  return inTransaction(ctx, async (tx) => {
    const company = await getCompanyOrThrow(tx.db, companyId, { forUpdate: true });
    if (input.country_code) await assertCountryExists(tx.db, input.country_code, "country_code");
    const countryCode = input.country_code !== undefined ? input.country_code : company.countryCode;
    const next = {
      name: input.name ?? company.name,
      taxId: input.tax_id !== undefined ? input.tax_id : company.taxId,
      countryCode,
      isReseller: input.is_reseller ?? company.isReseller,
      commissionRate: input.commission_rate ?? company.commissionRate,
      address: input.address !== undefined ? input.address : company.address,
      registrationNumber:
        input.registration_number !== undefined ? input.registration_number : company.registrationNumber,
      // A national number is read in the company's country (the new one when it changes too); null clears it.
      contactPhone:
        input.contact_phone === undefined
          ? company.contactPhone
          : input.contact_phone && phoneToE164OrThrow(input.contact_phone, countryCode, "contact_phone"),
      contactEmail: input.contact_email !== undefined ? input.contact_email : company.contactEmail,
    };
    const before = {
      name: company.name,
      tax_id: company.taxId,
      country_code: company.countryCode,
      is_reseller: company.isReseller,
      commission_rate: company.commissionRate,
      address: company.address,
      registration_number: company.registrationNumber,
      contact_phone: company.contactPhone,
      contact_email: company.contactEmail,
    };
    const after = {
      name: next.name,
      tax_id: next.taxId,
      country_code: next.countryCode,
      is_reseller: next.isReseller,
      commission_rate: next.commissionRate,
      address: next.address,
      registration_number: next.registrationNumber,
      contact_phone: next.contactPhone,
      contact_email: next.contactEmail,
    };
    const changes = Object.fromEntries(
      (Object.keys(after) as Array<keyof typeof after>)
        .filter((field) => after[field] !== before[field])
        .map((field) => [field, { from: before[field], to: after[field] }]),
    );
    let updated = company;
    if (Object.keys(changes).length > 0) {
      [updated] = await tx.db.update(companies).set(next).where(eq(companies.id, company.id)).returning(companyColumns);
      await writeAudit(tx, {
        action: "COMPANY_UPDATED",
        entity: "companies",
        entityId: company.id,
        companyId: company.id,
        details: { name: updated.name, changes },
      });
    }
    return toCompanyResponseWithUnits(tx.db, updated);
  });
}
