import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { sendAccountLink } from "./account-tokens";
import { findUserByEmail } from "./internal";

/**
 * In the background: the reset link for the e-mail's user, if there is an active one (a new link voids
 * the older ones). Otherwise nothing happens, and nobody learns it.
 */
export async function sendPasswordResetLink({
  ctx,
  email,
}: {
  ctx: ServiceContext;
  email: string;
}): Promise<"sent" | "no user"> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || !user.isActive) return "no user";
  return inTransaction(ctx, async (tx) => {
    await sendAccountLink(tx, user, "PASSWORD_RESET");
    await writeAudit(tx, {
      action: "PASSWORD_RESET_REQUESTED",
      entity: "users",
      entityId: user.id,
      userId: user.id,
      companyId: user.companyId,
    });
    return "sent" as const;
  });
}
