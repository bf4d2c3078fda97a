import { getServerSession } from "next-auth";
import { getDb } from "@/db";
import type { UserActor } from "./actor";
import { authOptions } from "./next-auth";
import { loadSessionUser } from "./sessions";

/**
 * The signed-in back-office user, or null. The session store is checked on every page, so a global
 * logout or a deactivation signs the browser out at once.
 */
export async function getCurrentUser(): Promise<UserActor | null> {
  const session = (await getServerSession(authOptions())) as { userId?: string; sid?: string } | null;
  if (!session?.userId || !session.sid) return null;
  const user = await loadSessionUser(await getDb(), session.sid, session.userId);
  return user ? { kind: "user", ...user } : null;
}
