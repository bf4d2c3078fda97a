import { rotateRefreshToken } from "@/lib/auth/sessions";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { UnauthorizedError } from "@/lib/errors";
import { accessTokenPair } from "./internal";

/** Exchanges a refresh token, once, for a new token pair of the same session. */
export async function refresh({ ctx, refreshToken }: { ctx: ServiceContext; refreshToken: string }) {
  // The reuse revocation must commit even though the call then fails, so the outcome is read after commit.
  const outcome = await inTransaction(ctx, (tx) => rotateRefreshToken(tx.db, refreshToken));
  if (outcome.kind === "reused")
    throw new UnauthorizedError("this refresh token was already used; its session has been revoked");
  if (outcome.kind === "invalid") throw new UnauthorizedError("the refresh token is invalid or expired");
  return accessTokenPair(outcome.userId, outcome.sessionId, outcome.refreshToken);
}
