import { asc } from "drizzle-orm";
import { zones } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { toZoneResponses } from "./internal";

export async function listZones({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "geography:read");
  return toZoneResponses(ctx.db, await ctx.db.select().from(zones).orderBy(asc(zones.name)));
}
