import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

let cached: string | null = null;

/** The shortest AUTH_SECRET production accepts (trust.md section 2): 256 bits, as HS256 wants. */
export const MIN_AUTH_SECRET_BYTES = 32;

/**
 * The key that signs access tokens, browser sessions and verification links: AUTH_SECRET when set
 * (required in production, and at least 32 bytes there); otherwise a random key kept in
 * .data/auth-secret so that a development server keeps its sessions across restarts. Start-up calls it
 * (lib/start-service.ts), so a production server with a missing or short secret does not start.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const configured = configuredAuthSecret();
  if (configured) return (cached = configured);
  const file = path.join(process.cwd(), ".data", "auth-secret");
  if (process.env.DATABASE_URL === "memory://") return (cached = randomBytes(32).toString("base64url"));
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return (cached = readFileSync(file, "utf8").trim());
}

/**
 * AUTH_SECRET (or NEXTAUTH_SECRET) as configured, null when neither is set outside production. In
 * production a missing secret, or one under 32 bytes, throws.
 */
export function configuredAuthSecret(env: NodeJS.ProcessEnv = process.env): string | null {
  const configured = env.AUTH_SECRET ?? env.NEXTAUTH_SECRET;
  const isProduction = env.NODE_ENV === "production";
  if (!configured) {
    if (isProduction) throw new Error("AUTH_SECRET must be set in production");
    return null;
  }
  if (isProduction && Buffer.byteLength(configured, "utf8") < MIN_AUTH_SECRET_BYTES) {
    throw new Error(
      `AUTH_SECRET must be at least ${MIN_AUTH_SECRET_BYTES} bytes in production (it signs every token and session)`,
    );
  }
  return configured;
}
