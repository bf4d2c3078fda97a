import { and, count, desc, eq, ilike, or, sql } from "drizzle-orm";
import { clients, type Client } from "@/db/schema";
import { assertCan, scopeOf, type Actor } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { assertCountryExists } from "@/lib/operations/internal";
import { phoneToE164OrThrow } from "@/lib/phone";
import type { DbOrTx } from "@/db";
import { escapeLike } from "@/db/like";
import { visibleClients } from "./access";
import type { ClientResponse, CreateClientInput } from "./schemas";

export function toClientResponse(client: Client): ClientResponse {
  return {
    id: client.id,
    first_name: client.firstName,
    last_name: client.lastName,
    email: client.email,
    birth_date: client.birthDate,
    nationality: client.nationality,
    country_of_residence: client.countryOfResidence,
    acquisition_channel: client.acquisitionChannel,
    phone_e164: client.phoneE164,
    company_id: client.companyId,
    created_at: client.createdAt.toISOString(),
  };
}

/** The company and business unit a new client, policy or lead records: those of whoever creates it. */
export function ownerOf(actor: Actor): { companyId: string; businessUnitId: string | null } | null {
  if (actor.kind === "user") return { companyId: actor.companyId, businessUnitId: actor.businessUnitId };
  if (actor.kind === "api_key") return { companyId: actor.companyId, businessUnitId: null };
  return scopeOf(actor);
}

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

/** GET /emission/clients: newest first, optionally matching the start of a name or e-mail. */
export async function listClients({
  ctx,
  query,
}: {
  ctx: ServiceContext;
  query: { q?: string; page: number; page_size: number };
}) {
  assertCan(ctx.actor, "emission:read");
  const search = query.q ? `${escapeLike(query.q)}%` : null;
  const where = and(
    visibleClients(ctx.actor),
    search
      ? or(
          ilike(clients.firstName, search),
          ilike(clients.lastName, search),
          ilike(clients.email, search),
          ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, search),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(clients)
      .where(where)
      .orderBy(desc(clients.createdAt), desc(clients.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ total: count() }).from(clients).where(where),
  ]);
  return { items: rows.map(toClientResponse), total, page: query.page, page_size: query.page_size };
}

/** A client the caller may see, or 404. */
export async function findVisibleClient(db: DbOrTx, actor: Actor, clientId: string): Promise<Client> {
  const [client] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), visibleClients(actor)));
  if (!client) throw new NotFoundError("client");
  return client;
}

/** GET /emission/clients/{id} */
export async function getClient({ ctx, clientId }: { ctx: ServiceContext; clientId: string }): Promise<ClientResponse> {
  assertCan(ctx.actor, "emission:read");
  return toClientResponse(await findVisibleClient(ctx.db, ctx.actor, clientId));
}
