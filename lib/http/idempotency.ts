import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { idempotencyKeys } from "@/db/schema";
import { actorLabel } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { ConflictError, ValidationError } from "@/lib/errors";
import { json } from "./responses";

export const IDEMPOTENCY_HEADER = "Idempotency-Key";

/** The key the caller sent, or null; a key that is empty, too long or not printable ASCII is refused. */
export function idempotencyKeyOf(req: Request): string | null {
  const key = req.headers.get(IDEMPOTENCY_HEADER);
  if (key === null) return null;
  if (!/^[\x21-\x7e]{1,255}$/.test(key))
    throw new ValidationError(`${IDEMPOTENCY_HEADER} must be 1 to 255 printable ASCII characters`);
  return key;
}

/**
 * Runs a paying or issuing request at most once per key (contract section 1). The key row is written in
 * the same transaction as the work, so the work and its stored answer commit together; a second request
 * with the key waits on the first's row lock, then replays its answer. A request that fails rolls back the
 * key as well, so it can be sent again. The same key with another body is refused with 409.
 */
export async function runOnce(
  ctx: ServiceContext,
  request: { key: string; route: string; body: unknown },
  run: (ctx: ServiceContext) => Promise<Response>,
): Promise<Response> {
  // Keys belong to their caller and route, so two callers' keys never collide.
  const scope = `${actorLabel(ctx.actor)} ${request.route}`;
  const requestHash = createHash("sha256")
    .update(JSON.stringify(request.body ?? null))
    .digest("hex");
  return inTransaction(ctx, async (tx) => {
    const [claimed] = await tx.db
      .insert(idempotencyKeys)
      .values({ scope, key: request.key, requestHash })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    if (!claimed) {
      const [previous] = await tx.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, request.key)));
      if (previous.requestHash !== requestHash)
        throw new ConflictError(`this ${IDEMPOTENCY_HEADER} was already used with a different request body`);
      return json(previous.responseBody, previous.responseStatus ?? 200, { "Idempotent-Replayed": "true" });
    }
    const response = await run(tx);
    const body: unknown = await response.clone().json();
    await tx.db
      .update(idempotencyKeys)
      .set({ responseStatus: response.status, responseBody: body, completedAt: new Date() })
      .where(eq(idempotencyKeys.id, claimed.id));
    return response;
  });
}
