import { eq, inArray, sql, type SQL } from "drizzle-orm";
import { clients, policies } from "@/db/schema";
import { assertEmailVerified, can, type Actor } from "@/lib/auth/actor";
import { scopeFilter } from "@/lib/auth/scope-filter";

// Who sees which clients and policies (contract sections 2 and 6): emission:read within the caller's
// company (and business unit); a client (portal:read) only the client record with its own e-mail and that
// client's policies. Everything else is invisible, and reads of it answer 404.
//
// A client's link to its records is its e-mail, which must be proved first (trust.md section 1): both
// ways into them below refuse an unverified user with 403 `email_not_verified`, as the query is built,
// so before any lookup and any 404. Every read a client makes (portal, policies, certificate, pass,
// claims) goes through them.

const NOTHING = sql`false`;

/** The clients whose e-mail is the signed-in user's own (one at most: e-mails are unique in any case). */
export function ownClientIds(actor: Actor) {
  assertEmailVerified(actor);
  const email = actor.kind === "user" ? actor.email : "";
  return sql`(select ${clients.id} from ${clients} where lower(${clients.email}) = lower(${email}))`;
}

export function visibleClients(actor: Actor): SQL | undefined {
  if (can(actor, "emission:read")) return scopeFilter(actor, clients);
  if (can(actor, "portal:read") && actor.kind === "user") return inArray(clients.id, ownClientIds(actor));
  return NOTHING;
}

export function visiblePolicies(actor: Actor): SQL | undefined {
  if (can(actor, "emission:read")) return scopeFilter(actor, policies);
  if (can(actor, "portal:read") && actor.kind === "user") return inArray(policies.clientId, ownClientIds(actor));
  return NOTHING;
}

/** The client that a signed-in user is, by its e-mail. */
export function ownClient(actor: Actor): SQL {
  assertEmailVerified(actor);
  return actor.kind === "user" ? sql`lower(${clients.email}) = lower(${actor.email})` : eq(clients.id, sql`null`);
}
