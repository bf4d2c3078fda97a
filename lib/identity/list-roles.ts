import { asc, desc, eq } from "drizzle-orm";
import { rolePermissions, roles } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { type ServiceContext } from "@/lib/context";

export async function listRoles({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "users:manage");
  const rows = await ctx.db
    .select({
      id: roles.id,
      name: roles.name,
      level: roles.level,
      description: roles.description,
      permission: rolePermissions.permission,
    })
    .from(roles)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .orderBy(desc(roles.level), asc(rolePermissions.permission));
  const byId = new Map<
    string,
    { id: string; name: string; level: number; description: string | null; permissions: string[] }
  >();
  for (const { permission, ...role } of rows) {
    const entry = byId.get(role.id) ?? { ...role, permissions: [] };
    if (permission) entry.permissions.push(permission);
    byId.set(role.id, entry);
  }
  return [...byId.values()];
}
