import { hashPassword } from "@/lib/auth/passwords";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError, isUniqueViolation } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import { sendAccountLink } from "./account-tokens";
import { EMAIL_TAKEN, findRolesByName, getDefaultCompanyId, insertUser } from "./internal";
import { assertStrongPassword } from "./password-policy";
import type { RegisterInput } from "./schemas";

export const REGISTRATIONS_PER_MINUTE = 30;

/**
 * Self-registration: a CLIENTE of the default company, not yet verified. The verification link goes
 * out by e-mail; until it is opened the portal shows nothing (trust.md section 1).
 */
export async function register({ ctx, input }: { ctx: ServiceContext; input: RegisterInput }) {
  await consumeRateLimit(ctx.db, {
    key: `register:${ctx.ipAddress ?? "unknown"}`,
    limit: REGISTRATIONS_PER_MINUTE,
    windowSeconds: 60,
    message: "too many registrations from this address; try again in a minute",
  });
  assertStrongPassword(input.password, input.email);
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, async (tx) => {
      const companyId = await getDefaultCompanyId(tx.db);
      const [cliente] = await findRolesByName(tx.db, ["CLIENTE"]);
      const user = await insertUser(tx.db, {
        email: input.email,
        passwordHash,
        fullName: input.full_name ?? null,
        companyId,
        roleIds: [cliente.id],
      });
      await writeAudit(tx, {
        action: "USER_REGISTERED",
        entity: "users",
        entityId: user.id,
        userId: user.id,
        companyId,
      });
      await sendAccountLink(tx, user, "VERIFY_EMAIL");
      return {
        id: user.id,
        email: user.email,
        full_name: user.fullName,
        is_verified: user.isVerified,
        roles: [cliente.name],
        company_id: companyId,
      };
    });
  } catch (error) {
    // Two registrations of one e-mail at once: the unique index refuses the second.
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN);
    throw error;
  }
}
