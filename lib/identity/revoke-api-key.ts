import { and, eq, isNull } from "drizzle-orm";
import { apiKeys } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { writeAudit } from "@/lib/operations/audit";
import { toApiKeyResponse } from "./internal";

/** Revokes a key: requests that present it are refused from now on. */
export async function revokeApiKey({ ctx, apiKeyId }: { ctx: ServiceContext; apiKeyId: string }) {
  assertCan(ctx.actor, "users:manage");
  const scope = scopeOf(ctx.actor);
  return inTransaction(ctx, async (tx) => {
    const [key] = await tx.db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(apiKeys.id, apiKeyId),
          isNull(apiKeys.revokedAt),
          scope ? eq(apiKeys.companyId, scope.companyId) : undefined,
        ),
      )
      .returning();
    if (!key) throw new NotFoundError("API key");
    await writeAudit(tx, { action: "API_KEY_REVOKED", entity: "api_keys", entityId: key.id, companyId: key.companyId });
    return toApiKeyResponse(key);
  });
}
