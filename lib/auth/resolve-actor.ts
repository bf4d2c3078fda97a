import { decode } from "next-auth/jwt";
import type { DbOrTx } from "@/db";
import { UnauthorizedError } from "@/lib/errors";
import { anonymous, type Actor } from "./actor";
import { resolveApiKey } from "./api-key-caller";
import { getAuthSecret } from "./secret";
import { loadSessionUser } from "./sessions";
import { verifyAccessToken } from "./tokens";

export type ResolvedCaller = { actor: Actor; via: "bearer" | "api_key" | "cookie" | "none" };

const SESSION_COOKIES = ["__Secure-next-auth.session-token", "next-auth.session-token"];

/**
 * Who is calling: a bearer access token, an X-API-Key, or the back office's session cookie, in that
 * order. Credentials that are present but not valid (expired, revoked, malformed) are a 401; an API key
 * also when the user who created it has been deactivated (lib/auth/api-key-caller.ts).
 */
export async function resolveCaller(req: Request, db: DbOrTx): Promise<ResolvedCaller> {
  const authorization = req.headers.get("authorization");
  if (authorization) {
    const [scheme, token] = authorization.split(" ");
    if (scheme?.toLowerCase() !== "bearer" || !token)
      throw new UnauthorizedError("the Authorization header must be 'Bearer <token>'");
    const claims = await verifyAccessToken(token);
    if (!claims) throw new UnauthorizedError("the access token is invalid or expired");
    const user = await loadSessionUser(db, claims.sessionId, claims.userId);
    if (!user) throw new UnauthorizedError("the session has ended; sign in again");
    return { actor: { kind: "user", ...user }, via: "bearer" };
  }

  const apiKey = req.headers.get("x-api-key");
  if (apiKey) return { actor: await resolveApiKey(db, apiKey), via: "api_key" };

  const cookieToken = readSessionCookie(req.headers.get("cookie"));
  if (cookieToken) {
    const token = await decode({ token: cookieToken, secret: getAuthSecret() }).catch(() => null);
    const sessionId = typeof token?.sid === "string" ? token.sid : null;
    const userId = typeof token?.sub === "string" ? token.sub : null;
    if (!sessionId || !userId) throw new UnauthorizedError("the sign-in session is invalid; sign in again");
    const user = await loadSessionUser(db, sessionId, userId);
    if (!user) throw new UnauthorizedError("the session has ended; sign in again");
    return { actor: { kind: "user", ...user }, via: "cookie" };
  }

  return { actor: anonymous, via: "none" };
}

function readSessionCookie(header: string | null): string | null {
  if (!header) return null;
  const cookies = new Map<string, string>();
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0) cookies.set(part.slice(0, index).trim(), decodeURIComponent(part.slice(index + 1).trim()));
  }
  for (const name of SESSION_COOKIES) {
    const whole = cookies.get(name);
    if (whole) return whole;
    // next-auth splits large tokens into name.0, name.1, ...
    const chunks: string[] = [];
    for (let i = 0; cookies.has(`${name}.${i}`); i++) chunks.push(cookies.get(`${name}.${i}`)!);
    if (chunks.length > 0) return chunks.join("");
  }
  return null;
}
