import { and, count, eq, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { roles, userRoles, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { ConflictError, ForbiddenError } from "@/lib/errors";

// The two rules that keep the ADMIN role in trusted hands (trust.md section 3).

export const ADMIN_ROLE = "ADMIN";
export const LAST_ADMIN_CODE = "last_admin";

/**
 * Only a signed-in ADMIN gives the ADMIN role (creating a user with it, assigning it, or taking it away,
 * or sending a password link to an ADMIN, which is the same as choosing its password): an API key never
 * can, whatever its permissions, nor a user whose own roles hold users:manage without being ADMIN. The
 * system (the seed, background work) may.
 */
export function assertMayManageAdmins(actor: Actor): void {
  if (actor.kind === "system") return;
  if (actor.kind === "user" && actor.roles.includes(ADMIN_ROLE)) return;
  throw new ForbiddenError(
    "only a signed-in administrator may give or take the ADMIN role, or manage an administrator's password",
  );
}

export async function hasRole(db: DbOrTx, userId: string, roleName: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(userRoles.userId, userId), eq(roles.name, roleName)));
  return row.n > 0;
}

/**
 * 409 when the user is the last active ADMIN: removing its role or deactivating it would leave nobody
 * to administer the service. Called inside the change's transaction; the advisory lock makes two such
 * changes (two administrators deactivating each other at once) wait for each other, so both cannot pass.
 */
export async function assertNotLastAdmin(db: DbOrTx, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('identity:last-admin'))`);
  const [others] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, ADMIN_ROLE), eq(users.isActive, true), ne(users.id, userId)));
  if (others.n === 0)
    throw new ConflictError(
      "this is the last active administrator: give another user the ADMIN role first",
      LAST_ADMIN_CODE,
    );
}
