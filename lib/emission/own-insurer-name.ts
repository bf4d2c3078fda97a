import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { clients, companies } from "@/db/schema";
import type { UserActor } from "@/lib/auth/actor";
import { ownClient } from "./internal";

/**
 * The name of a signed-in client's insurer, for the portal's browser tab: the company of its client
 * record, as GET /portal/me `company` (the portal's header) names it. Null while the e-mail is not
 * verified or no client record has it: the portal shows no insurer then either.
 */
export async function ownInsurerName(user: UserActor): Promise<string | null> {
  if (!user.isVerified) return null;
  const db = await getDb();
  const [row] = await db
    .select({ name: companies.name })
    .from(clients)
    .innerJoin(companies, eq(companies.id, clients.companyId))
    .where(ownClient(user));
  return row?.name ?? null;
}
