import type { User } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { enqueueNotification } from "@/lib/notifications/enqueue";
import { accountLink, issueAccountToken } from "./account-tokens";

// Invitations (trust.md section 2): a user created without a password chooses it from a link valid for
// 7 days, through POST /auth/password-reset/confirm like a reset. POST /auth/users/{id}/invitation
// (resendInvitation, users.ts) sends a new one.

/** Issues a new invitation link (older ones stop working) and puts its e-mail in the outbox, in the caller's transaction. */
export async function sendInvitationLink(ctx: ServiceContext, user: Pick<User, "id" | "email" | "fullName" | "companyId">): Promise<void> {
  const { token } = await issueAccountToken(ctx.db, user.id, "INVITATION");
  await enqueueNotification(ctx, {
    channel: "EMAIL",
    recipient: user.email,
    template: "auth.invitation",
    payload: { url: accountLink("INVITATION", token), name: user.fullName },
    companyId: user.companyId,
  });
}
