import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

let cached: string | null = null;

/**
 * The key that signs access tokens, browser sessions and verification links: AUTH_SECRET when set
 * (required in production); otherwise a random key kept in .data/auth-secret so that a development
 * server keeps its sessions across restarts.
 */
export function getAuthSecret(): string {
  if (cached) return cached;
  const configured = process.env.AUTH_SECRET ?? process.env.NEXTAUTH_SECRET;
  if (configured) return (cached = configured);
  if (process.env.NODE_ENV === "production") throw new Error("AUTH_SECRET must be set in production");
  const file = path.join(process.cwd(), ".data", "auth-secret");
  if (process.env.DATABASE_URL === "memory://") return (cached = randomBytes(32).toString("base64url"));
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
  }
  return (cached = readFileSync(file, "utf8").trim());
}
