import { assertUser } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import { sendAccountLink } from "./account-tokens";
import { getUserOrThrow } from "./internal";

// E-mail verification (trust.md section 1): a self-registered user proves the address is theirs before
// the portal shows the client records that carry it.

export const ALREADY_VERIFIED_CODE = "already_verified";
/** Resends per user and hour: each one e-mails the address, so a signed-in caller cannot flood it. */
export const VERIFICATION_RESENDS_PER_HOUR = 10;

/** POST /auth/verify-email/resend: a new link for the signed-in user, while the address is unverified. */
export async function resendVerification({ ctx }: { ctx: ServiceContext }): Promise<void> {
  const { actor } = ctx;
  assertUser(actor);
  const user = await getUserOrThrow(ctx, actor.userId, { anyCompany: true });
  if (user.isVerified) throw new ConflictError("the e-mail address is already verified", ALREADY_VERIFIED_CODE);
  await consumeRateLimit(ctx.db, {
    key: `verify-email-resend:${user.id}`,
    limit: VERIFICATION_RESENDS_PER_HOUR,
    windowSeconds: 3600,
    message: "too many verification e-mails asked for; try again later",
  });
  await inTransaction(ctx, async (tx) => {
    await sendAccountLink(tx, user, "VERIFY_EMAIL");
    await writeAudit(tx, {
      action: "EMAIL_VERIFICATION_SENT",
      entity: "users",
      entityId: user.id,
      companyId: user.companyId,
    });
  });
}
