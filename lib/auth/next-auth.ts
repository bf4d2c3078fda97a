import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "@/db";
import { anonymous } from "@/lib/auth/actor";
import { safeRedirectUrl } from "@/lib/auth/callback-url";
import { RateLimitedError, UnauthorizedError } from "@/lib/errors";
import { clientAddressFromRecord } from "@/lib/http/client-address";
import { login } from "@/lib/identity/login";
import { logError, logWarn } from "@/lib/log";
import { getAuthSecret } from "./secret";
import { revokeSessions } from "./sessions";
import { REFRESH_TOKEN_TTL_SECONDS } from "./tokens";

/**
 * Whether the browser's cookies are Secure (next-auth then also names them `__Secure-`/`__Host-`): when
 * the back office's public address (NEXTAUTH_URL, else PUBLIC_BASE_URL) is https, and in production when
 * neither is set. next-auth on its own looks only at NEXTAUTH_URL and, without it, assumes
 * http://localhost:3000, so a production deployment that forgot it would send its session cookie
 * without Secure. Plain-http development (`NEXTAUTH_URL=http://localhost:3000`, or `npm run dev` with
 * nothing set) keeps cookies that a browser accepts over http. Every cookie is HttpOnly and
 * SameSite=Lax either way (next-auth's defaults, which the tests hold it to).
 */
export function usesSecureCookies(env: NodeJS.ProcessEnv = process.env): boolean {
  const address = env.NEXTAUTH_URL || env.PUBLIC_BASE_URL;
  if (address) return address.startsWith("https://");
  return env.NODE_ENV === "production";
}

/**
 * Back-office sign-in: next-auth's credentials provider backed by the same login service and session
 * store as the API, so throttling, audit and global logout apply to the browser too. The next-auth
 * cookie only carries the session id; every request checks that session is still live.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    useSecureCookies: usesSecureCookies(),
    session: { strategy: "jwt", maxAge: REFRESH_TOKEN_TTL_SECONDS },
    pages: { signIn: "/sign-in" },
    // next-auth's own failures go through the redacting logger: its default prints whole error objects.
    logger: {
      error: (code, metadata) => logError(`[next-auth] ${code}`, metadata),
      warn: (code) => logWarn(`[next-auth] ${code}`),
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "E-mail and password",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          const ipAddress = clientAddressFromRecord(req.headers);
          const ctx = { db: await getDb(), actor: anonymous, ipAddress, requestId: null };
          try {
            const session = await login({
              ctx,
              input: { email: credentials.email, password: credentials.password },
              kind: "browser",
              userAgent: (req.headers?.["user-agent"] as string | undefined) ?? null,
            });
            return { id: session.user_id, sid: session.session_id };
          } catch (error) {
            if (error instanceof UnauthorizedError || error instanceof RateLimitedError) throw new Error(error.message);
            // next-auth puts the message of what authorize throws into the error page's URL: an unknown
            // failure is logged (redacted) and the browser gets a fixed message.
            logError("[next-auth] sign-in failed", error);
            throw new Error("sign-in is unavailable; try again later");
          }
        },
      }),
    ],
    callbacks: {
      // Only somewhere on this site (callback-url.ts); next-auth's default checks a leading "/" only.
      redirect: ({ url, baseUrl }) => safeRedirectUrl(url, baseUrl),
      jwt({ token, user }) {
        if (user) {
          token.sub = user.id;
          token.sid = (user as { sid?: string }).sid;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, userId: token.sub, sid: token.sid };
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string") await revokeSessions(await getDb(), { sessionId: token.sid }, "sign-out");
      },
    },
  };
}
