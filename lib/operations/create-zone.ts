import { eq } from "drizzle-orm";
import { zones } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { ConflictError, isUniqueViolation } from "@/lib/errors";
import { inCatalogTransaction } from "@/lib/catalog/catalog-transaction";
import { writeAudit } from "./audit";
import type { CreateZoneInput } from "./schemas";
import { toZoneResponses } from "./internal";

const ZONE_NAME_TAKEN = "a zone with this name already exists";

export async function createZone({ ctx, input }: { ctx: ServiceContext; input: CreateZoneInput }) {
  assertCan(ctx.actor, "geography:manage");
  try {
    return await inCatalogTransaction(ctx, async (tx) => {
      const [taken] = await tx.db.select({ id: zones.id }).from(zones).where(eq(zones.name, input.name));
      if (taken) throw new ConflictError(ZONE_NAME_TAKEN);
      const [zone] = await tx.db
        .insert(zones)
        .values({ name: input.name, description: input.description ?? null })
        .returning();
      await writeAudit(tx, {
        action: "ZONE_CREATED",
        entity: "zones",
        entityId: zone.id,
        companyId: null,
        details: { name: zone.name },
      });
      return (await toZoneResponses(tx.db, [zone]))[0];
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError(ZONE_NAME_TAKEN);
    throw error;
  }
}
