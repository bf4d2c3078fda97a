import { createHash } from "node:crypto";
import { sendAfterWrite, type ServiceContext } from "@/lib/context";
import { consumeRateLimit } from "@/lib/operations/rate-limit";
import type { PasswordResetInput } from "./schemas";

// Password reset (trust.md section 2). The request answers the same, in about the same time, whether or
// not the e-mail is a user's: it only counts the request and hands the e-mail to a background function,
// which looks the user up and sends the link. Nothing on the request's path depends on the account.

export const RESETS_PER_EMAIL_PER_HOUR = 5;
export const RESETS_PER_ADDRESS_PER_HOUR = 30;

/** The e-mail as the limit's key: hashed, so the counters table holds no addresses. */
function emailKey(email: string): string {
  return createHash("sha256").update(email).digest("hex");
}

/** POST /auth/password-reset: counts the request against both limits (429 beyond), then asks for the link. */
export async function requestPasswordReset({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: PasswordResetInput;
}): Promise<void> {
  const email = input.email.trim().toLowerCase();
  await consumeRateLimit(ctx.db, {
    key: `password-reset:address:${ctx.ipAddress ?? "unknown"}`,
    limit: RESETS_PER_ADDRESS_PER_HOUR,
    windowSeconds: 3600,
    message: "too many password resets asked for from this address; try again later",
  });
  await consumeRateLimit(ctx.db, {
    key: `password-reset:email:${emailKey(email)}`,
    limit: RESETS_PER_EMAIL_PER_HOUR,
    windowSeconds: 3600,
    message: "too many password resets asked for this e-mail; try again later",
  });
  await sendAfterWrite(ctx, { name: "identity/password-reset.requested", data: { email, ip_address: ctx.ipAddress } });
}
