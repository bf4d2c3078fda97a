import { and, eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { consumeAccountToken, invalidToken } from "./account-tokens";
import type { VerifyEmailInput } from "./schemas";

/** POST /auth/verify-email: the link's token marks its user verified, once. */
export async function verifyEmail({ ctx, input }: { ctx: ServiceContext; input: VerifyEmailInput }) {
  return inTransaction(ctx, async (tx) => {
    const token = await consumeAccountToken(tx.db, input.token, ["VERIFY_EMAIL"]);
    const [user] = await tx.db
      .update(users)
      .set({ isVerified: true })
      .where(and(eq(users.id, token.userId), eq(users.isActive, true)))
      .returning();
    // A deactivated user's links do not work (the token stays unused: the transaction rolls back).
    if (!user) throw invalidToken();
    await writeAudit(tx, {
      action: "EMAIL_VERIFIED",
      entity: "users",
      entityId: user.id,
      userId: user.id,
      companyId: user.companyId,
    });
    return { id: user.id, email: user.email, is_verified: true as const };
  });
}
