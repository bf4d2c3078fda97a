import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db";
import { accountTokens, apiKeys, notifications, type Notification } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { api } from "@/test/api";
import { testAddress } from "@/test/fixtures";

// Helpers of the account-link tests (trust.md sections 1 and 2): the links are read from the outbox,
// where an administrator would read them when no e-mail provider is configured.

export type AccountTemplate = "auth.verify_email" | "auth.invitation" | "auth.password_reset";

/** Every notification of a template to a recipient, newest first, once background work has settled. */
export async function notificationsTo(recipient: string, template: AccountTemplate): Promise<Notification[]> {
  await inProcessRunner().drain();
  const db = await getDb();
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.recipient, recipient), eq(notifications.template, template)))
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
}

/** The token of a link `{base}/page?token=<token>`. */
export function tokenOf(url: unknown): string {
  expect(typeof url).toBe("string");
  const token = new URL(url as string).searchParams.get("token");
  expect(token).toBeTruthy();
  return token!;
}

/** The newest link of a template sent to the recipient: its notification, URL and token. */
export async function latestLink(recipient: string, template: AccountTemplate) {
  const [row] = await notificationsTo(recipient, template);
  expect(row, `a ${template} notification to ${recipient}`).toBeDefined();
  const url = row.payload.url as string;
  return { row, url, token: tokenOf(url) };
}

/** Moves a token's expiry into the past, as if its lifetime had run out. */
export async function expireToken(token: string): Promise<void> {
  const db = await getDb();
  await db
    .update(accountTokens)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(accountTokens.tokenHash, hashToken(token)));
}

export function verifyEmailViaApi(token: string) {
  return api("POST", "/api/v1/auth/verify-email", { body: { token } });
}

export function requestResetViaApi(email: string, address = testAddress()) {
  return api("POST", "/api/v1/auth/password-reset", { body: { email }, headers: { "x-forwarded-for": address } });
}

export function confirmResetViaApi(token: string, password: string) {
  return api("POST", "/api/v1/auth/password-reset/confirm", { body: { token, password } });
}

/** A 400 `invalid_token`, as the contract writes it. */
export function expectInvalidToken(
  response: { status: number; body: { detail?: unknown; code?: unknown } },
  context?: string,
) {
  expect(response.status, context).toBe(400);
  expect(response.body.code, context).toBe("invalid_token");
  expect(typeof response.body.detail, context).toBe("string");
}

/**
 * An API key holding exactly `permissions`, written straight into the table: the rules about what a key
 * may do must hold whatever it holds, even permissions POST /auth/api-keys no longer hands out (a key
 * from before that rule).
 */
export async function insertApiKey(permissions: readonly string[], companyId?: string): Promise<string> {
  const db = await getDb();
  const { token, hash } = newOpaqueToken("ck_");
  await db.insert(apiKeys).values({
    name: "test key",
    keyPrefix: token.slice(0, 10),
    keyHash: hash,
    permissions: [...permissions],
    companyId: companyId ?? (await getDefaultCompanyId(db)),
  });
  return token;
}
