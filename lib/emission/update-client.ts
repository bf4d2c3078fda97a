import { and, eq, ne, sql } from "drizzle-orm";
import { clients } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError, isUniqueViolation } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { assertCountryExists } from "@/lib/operations/internal";
import { phoneToE164OrThrow } from "@/lib/phone";
import { getClientOrThrow, toClientResponse } from "./internal";
import type { ClientResponse, UpdateClientInput } from "./schemas";

const EMAIL_TAKEN = "a client with this e-mail already exists";

/**
 * PATCH /emission/clients/{id}: the given fields change with the rules of creation (the country exists,
 * the phone is read in the country of residence, the e-mail is unique in any letter case), in the
 * caller's scope (404 outside it), audited CLIENT_UPDATED.
 */
export async function updateClient({
  ctx,
  clientId,
  input,
}: {
  ctx: ServiceContext;
  clientId: string;
  input: UpdateClientInput;
}): Promise<ClientResponse> {
  assertCan(ctx.actor, "emission:write");
  return inTransaction(ctx, async (tx) => {
    const client = await getClientOrThrow(tx, clientId, { forUpdate: true });
    await assertCountryExists(tx.db, input.country_of_residence, "country_of_residence");
    const countryOfResidence = input.country_of_residence ?? client.countryOfResidence;
    // A number typed without "+" is read in the country the client lives in (trust.md section 7).
    const phoneE164 =
      input.phone_e164 === undefined
        ? client.phoneE164
        : input.phone_e164 === null
          ? null
          : phoneToE164OrThrow(input.phone_e164, countryOfResidence, "phone_e164");
    // The e-mail is unique in any letter case, across every company: the portal finds a client by it.
    if (input.email !== undefined) {
      const [taken] = await tx.db
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(sql`lower(${clients.email})`, input.email.toLowerCase()), ne(clients.id, client.id)));
      if (taken) throw new ConflictError(EMAIL_TAKEN);
    }
    const changes = {
      firstName: input.first_name ?? client.firstName,
      lastName: input.last_name ?? client.lastName,
      email: input.email ?? client.email,
      phoneE164,
      countryOfResidence,
      preferredLanguage: input.preferred_language ?? client.preferredLanguage,
      updatedAt: new Date(),
    };
    const [updated] = await tx.db
      .update(clients)
      .set(changes)
      .where(eq(clients.id, client.id))
      .returning()
      .catch((error: unknown) => {
        // Another request took the e-mail between the check and the write.
        throw isUniqueViolation(error) ? new ConflictError(EMAIL_TAKEN) : error;
      });
    await writeAudit(tx, {
      action: "CLIENT_UPDATED",
      entity: "clients",
      entityId: client.id,
      companyId: client.companyId,
      details: { changes: changedFields(input) },
    });
    return toClientResponse(updated);
  });
}

// The audit row names what the request changed, as the request gave it (the phone in its stored form).
function changedFields(input: UpdateClientInput): string[] {
  return Object.keys(input).filter((key) => input[key as keyof UpdateClientInput] !== undefined);
}
