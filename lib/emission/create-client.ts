import { clients } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { assertCountryExists } from "@/lib/operations/internal";
import { defaultLocale } from "@/lib/i18n/locales";
import { phoneToE164OrThrow } from "@/lib/phone";
import { ownerOf, toClientResponse } from "./internal";
import type { ClientResponse, CreateClientInput } from "./schemas";

/** POST /emission/clients */
export async function createClient({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: CreateClientInput;
}): Promise<ClientResponse> {
  assertCan(ctx.actor, "emission:write");
  const owner = ownerOf(ctx.actor);
  if (!owner) throw new Error("clients are created by users or API keys");
  return inTransaction(ctx, async (tx) => {
    await assertCountryExists(tx.db, input.nationality, "nationality");
    await assertCountryExists(tx.db, input.country_of_residence, "country_of_residence");
    // A number typed without "+" is read in the country the client lives in (trust.md section 7).
    const phoneE164 = input.phone_e164
      ? phoneToE164OrThrow(input.phone_e164, input.country_of_residence, "phone_e164")
      : null;
    const [client] = await tx.db
      .insert(clients)
      .values({
        firstName: input.first_name,
        lastName: input.last_name,
        email: input.email,
        birthDate: input.birth_date,
        nationality: input.nationality,
        countryOfResidence: input.country_of_residence,
        acquisitionChannel: input.acquisition_channel ?? null,
        phoneE164,
        // The registering user's saved language, else the default; never the request's own headers.
        preferredLanguage:
          input.preferred_language ?? (ctx.actor.kind === "user" ? ctx.actor.locale : null) ?? defaultLocale(),
        companyId: owner.companyId,
        businessUnitId: owner.businessUnitId,
        createdBy: ctx.actor.kind === "user" ? ctx.actor.userId : null,
      })
      .onConflictDoNothing()
      .returning();
    // The e-mail is unique in any letter case, across every company: the portal finds a client by it.
    if (!client) throw new ConflictError("a client with this e-mail already exists");
    await writeAudit(tx, {
      action: "CLIENT_CREATED",
      entity: "clients",
      entityId: client.id,
      details: { email: client.email },
    });
    return toClientResponse(client);
  });
}
