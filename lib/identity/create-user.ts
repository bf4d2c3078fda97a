import { assertCan, assertCanGrant, companyOf, scopeOf } from "@/lib/auth/actor";
import { hashPassword } from "@/lib/auth/passwords";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError, isUniqueViolation, ValidationError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { sendAccountLink } from "./account-tokens";
import { ADMIN_ROLE, assertMayManageAdmins } from "./admins";
import { EMAIL_TAKEN, findRolesByName, insertUser, permissionsOfRoles, toUserResponse } from "./internal";
import { assertStrongPassword } from "./password-policy";
import type { CreateUserInput } from "./schemas";
import { assertPlacement } from "./internal";

/**
 * An administrator creates a user with roles (by name; CLIENTE when none is given). The user is
 * verified: the administrator vouches for the address (trust.md section 1). Without a password the user
 * is invited by e-mail to choose one and cannot sign in until then (section 2).
 */
export async function createUser({ ctx, input }: { ctx: ServiceContext; input: CreateUserInput }) {
  const { actor } = ctx;
  assertCan(actor, "users:manage");
  const scope = scopeOf(actor);
  const ownCompany = companyOf(actor) ?? undefined;
  const companyId = scope ? scope.companyId : (input.company_id ?? ownCompany);
  if (!companyId) throw new ValidationError("company_id is required");
  const roleNames = [...new Set(input.roles ?? ["CLIENTE"])];
  if (roleNames.includes(ADMIN_ROLE)) assertMayManageAdmins(actor);
  if (input.password !== undefined) assertStrongPassword(input.password, input.email);
  const passwordHash = input.password !== undefined ? await hashPassword(input.password) : null;
  try {
    return await inTransaction(ctx, async (tx) => {
      await assertPlacement(tx, companyId, input.business_unit_id);
      const found = await findRolesByName(tx.db, roleNames);
      const missing = roleNames.filter((name) => !found.some((role) => role.name === name));
      if (missing.length > 0) {
        throw new ValidationError(`unknown role: ${missing.join(", ")}`, [
          { path: "roles", message: `unknown role: ${missing.join(", ")}`, code: "unknown_role" },
        ]);
      }
      assertCanGrant(
        actor,
        await permissionsOfRoles(
          tx.db,
          found.map((role) => role.id),
        ),
      );
      const user = await insertUser(tx.db, {
        email: input.email,
        passwordHash,
        fullName: input.full_name ?? null,
        companyId,
        businessUnitId: input.business_unit_id,
        isVerified: true,
        roleIds: found.map((role) => role.id),
      });
      await writeAudit(tx, {
        action: "USER_CREATED",
        entity: "users",
        entityId: user.id,
        companyId,
        details: { roles: roleNames, invited: !passwordHash },
      });
      if (!passwordHash) await sendAccountLink(tx, user, "INVITATION");
      return toUserResponse(tx.db, user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN);
    throw error;
  }
}
