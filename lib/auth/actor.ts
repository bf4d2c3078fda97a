import type { Language } from "@/db/enums";
import { ForbiddenError, UnauthorizedError } from "@/lib/errors";
import { ALL_PERMISSIONS, isPermission, type Permission } from "./permissions";

export type UserActor = {
  kind: "user";
  userId: string;
  sessionId: string;
  email: string;
  isVerified: boolean;
  companyId: string;
  businessUnitId: string | null;
  locale: Language | null;
  roles: string[];
  permissions: ReadonlySet<Permission>;
};
export type ApiKeyActor = {
  kind: "api_key";
  apiKeyId: string;
  name: string;
  companyId: string;
  permissions: ReadonlySet<Permission>;
};
/** Background functions and webhooks act as the system, with every permission. */
export type SystemActor = { kind: "system"; name: string; permissions: ReadonlySet<Permission> };
export type AnonymousActor = { kind: "anonymous" };
export type Actor = UserActor | ApiKeyActor | SystemActor | AnonymousActor;

export function systemActor(name: string): SystemActor {
  return { kind: "system", name, permissions: new Set(ALL_PERMISSIONS) };
}

export const anonymous: AnonymousActor = { kind: "anonymous" };

export function can(actor: Actor, permission: Permission): boolean {
  return actor.kind !== "anonymous" && actor.permissions.has(permission);
}

/** The first line of a protected service: 401 for nobody, 403 for a caller without the permission. */
export function assertCan(
  actor: Actor,
  ...anyOf: Permission[]
): asserts actor is UserActor | ApiKeyActor | SystemActor {
  if (actor.kind === "anonymous") throw new UnauthorizedError();
  if (!anyOf.some((permission) => actor.permissions.has(permission))) throw new ForbiddenError();
}

/**
 * Nobody hands out more than it holds: a caller with users:manage but not every permission (an
 * integration key) must not mint a stronger key or make a user ADMIN, which would also escape its company.
 */
export function assertCanGrant(actor: Actor, permissions: Iterable<string>): void {
  if (actor.kind === "anonymous") throw new UnauthorizedError();
  const missing = [...new Set(permissions)].filter(
    (permission) => !isPermission(permission) || !actor.permissions.has(permission),
  );
  if (missing.length > 0)
    throw new ForbiddenError(`you cannot grant permissions you do not hold: ${missing.sort().join(", ")}`);
}

/**
 * A client reaches its own records only once it has proved the e-mail that links it to them (trust.md
 * section 1): before any lookup, so an unverified caller learns nothing, not even a 404.
 */
export function assertEmailVerified(actor: Actor): void {
  if (actor.kind === "user" && !actor.isVerified)
    throw new ForbiddenError("verify your e-mail address first", "email_not_verified");
}

export function assertUser(actor: Actor): asserts actor is UserActor {
  if (actor.kind === "anonymous") throw new UnauthorizedError();
  if (actor.kind !== "user") throw new ForbiddenError("this operation needs a signed-in user");
}

/** Who did it, as written into history rows: a user id, "api_key:<id>" or "system:<name>". */
export function actorLabel(actor: Actor): string {
  switch (actor.kind) {
    case "user":
      return actor.userId;
    case "api_key":
      return `api_key:${actor.apiKeyId}`;
    case "system":
      return `system:${actor.name}`;
    case "anonymous":
      return "anonymous";
  }
}

/**
 * The rows an actor may see (contract section 2): null means every company (ADMIN and the system);
 * otherwise one company, narrowed to one business unit when the user has one.
 */
export type Scope = { companyId: string; businessUnitId: string | null } | null;

export function scopeOf(actor: Actor): Scope {
  switch (actor.kind) {
    case "system":
      return null;
    case "user":
      return actor.roles.includes("ADMIN")
        ? null
        : { companyId: actor.companyId, businessUnitId: actor.businessUnitId };
    case "api_key":
      return { companyId: actor.companyId, businessUnitId: null };
    case "anonymous":
      throw new UnauthorizedError();
  }
}

/** The company a user or an API key belongs to; null for the system and for nobody. */
export function companyOf(actor: Actor): string | null {
  return actor.kind === "user" || actor.kind === "api_key" ? actor.companyId : null;
}

export function isAdmin(actor: Actor): boolean {
  return actor.kind === "system" || (actor.kind === "user" && actor.roles.includes("ADMIN"));
}
