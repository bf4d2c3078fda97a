import { and, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { accountTokens, type AccountToken, type AccountTokenKind, type User } from "@/db/schema";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import type { ServiceContext } from "@/lib/context";
import { publicBaseUrl } from "@/lib/emission/verification";
import { BadRequestError } from "@/lib/errors";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { userLanguage } from "@/lib/notifications/language";

// The single-use links of trust.md sections 1 and 2. A token is 32 random bytes (base64url); only its
// SHA-256 hash is stored. Issuing a token revokes the live ones of the same user and kind, so only the
// newest link works.

export const TOKEN_LIFETIME_SECONDS: Record<AccountTokenKind, number> = {
  VERIFY_EMAIL: 48 * 60 * 60,
  INVITATION: 7 * 24 * 60 * 60,
  PASSWORD_RESET: 30 * 60,
};

/** The tokens that set a password (POST /auth/password-reset/confirm). */
export const PASSWORD_TOKEN_KINDS = ["PASSWORD_RESET", "INVITATION"] as const satisfies readonly AccountTokenKind[];

export const INVALID_TOKEN_CODE = "invalid_token";

export function invalidToken(): BadRequestError {
  return new BadRequestError(
    "this link is not valid: it is unknown, used, expired or replaced by a newer one",
    INVALID_TOKEN_CODE,
  );
}

/** The page a link of each kind opens, with its token. */
function accountLink(kind: AccountTokenKind, token: string): string {
  const page = kind === "VERIFY_EMAIL" ? "verify-email" : "set-password";
  return `${publicBaseUrl()}/${page}?token=${encodeURIComponent(token)}`;
}

/** The e-mail that carries a link of each kind. */
const LINK_TEMPLATES: Record<AccountTokenKind, string> = {
  VERIFY_EMAIL: "auth.verify_email",
  INVITATION: "auth.invitation",
  PASSWORD_RESET: "auth.password_reset",
};

/**
 * Issues a new link of `kind` for the user (its older ones stop working) and puts the e-mail that
 * carries it in the outbox, in the caller's transaction: verification, invitation and reset alike.
 */
export async function sendAccountLink(
  ctx: ServiceContext,
  user: Pick<User, "id" | "email" | "fullName" | "companyId" | "locale">,
  kind: AccountTokenKind,
): Promise<void> {
  const { token } = await issueAccountToken(ctx.db, user.id, kind);
  await enqueueNotification(ctx, {
    channel: "EMAIL",
    recipient: user.email,
    template: LINK_TEMPLATES[kind],
    language: userLanguage(user),
    payload: { url: accountLink(kind, token), name: user.fullName },
    companyId: user.companyId,
  });
}

/** A new token of `kind` for the user; the user's older live tokens of that kind stop working. */
async function issueAccountToken(
  db: DbOrTx,
  userId: string,
  kind: AccountTokenKind,
): Promise<{ token: string; expiresAt: Date }> {
  await revokeAccountTokens(db, userId, [kind]);
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_SECONDS[kind] * 1000);
  await db.insert(accountTokens).values({ userId, kind, tokenHash: hash, expiresAt });
  return { token, expiresAt };
}

/** Ends every live token of these kinds of the user (a newer one was issued, or the password was set). */
export async function revokeAccountTokens(
  db: DbOrTx,
  userId: string,
  kinds: readonly AccountTokenKind[],
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.kind, [...kinds]),
        isNull(accountTokens.usedAt),
        isNull(accountTokens.revokedAt),
      ),
    );
}

function isLive(token: string, kinds: readonly AccountTokenKind[]) {
  return and(
    eq(accountTokens.tokenHash, hashToken(token)),
    inArray(accountTokens.kind, [...kinds]),
    isNull(accountTokens.usedAt),
    isNull(accountTokens.revokedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
}

/** The live token of one of `kinds`, without using it up; 400 `invalid_token` otherwise. */
export async function findLiveAccountToken(
  db: DbOrTx,
  token: string,
  kinds: readonly AccountTokenKind[],
): Promise<AccountToken> {
  const [row] = await db.select().from(accountTokens).where(isLive(token, kinds));
  if (!row) throw invalidToken();
  return row;
}

/**
 * Uses a live token up and returns it; 400 `invalid_token` otherwise. One conditional update, so of two
 * requests presenting the same token at once exactly one succeeds.
 */
export async function consumeAccountToken(
  db: DbOrTx,
  token: string,
  kinds: readonly AccountTokenKind[],
): Promise<AccountToken> {
  const [row] = await db.update(accountTokens).set({ usedAt: new Date() }).where(isLive(token, kinds)).returning();
  if (!row) throw invalidToken();
  return row;
}
