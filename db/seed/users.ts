import type { DbOrTx } from "@/db";
import { hashPassword } from "@/lib/auth/passwords";
import type { RoleName } from "@/lib/auth/permissions";
import { findRolesByName, findUserByEmail, getDefaultCompanyId, insertUser } from "@/lib/identity/internal";

/** Creates a user with roles unless the e-mail exists; returns the user's id either way. */
export async function ensureUser(
  db: DbOrTx,
  input: { email: string; password: string; fullName: string; roles: RoleName[]; companyId?: string },
): Promise<string> {
  const existing = await findUserByEmail(db, input.email);
  if (existing) return existing.id;
  const user = await insertUser(db, {
    email: input.email,
    passwordHash: await hashPassword(input.password),
    fullName: input.fullName,
    companyId: input.companyId ?? (await getDefaultCompanyId(db)),
    isVerified: true,
    roleIds: (await findRolesByName(db, input.roles)).map((role) => role.id),
  });
  return user.id;
}
