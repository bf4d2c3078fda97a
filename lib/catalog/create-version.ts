import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { inCatalogTransaction } from "./catalog-transaction";
import { getVersion } from "./get-version";
import { checkReferences, getPlanOrThrow, insertVersion } from "./internal";
import type { CreateVersionInput } from "./schemas";

/** POST /plans/{plan_id}/versions: a new version; how a plan's terms change once policies use it. */
export async function createVersion({
  ctx,
  planId,
  input,
}: {
  ctx: ServiceContext;
  planId: string;
  input: CreateVersionInput;
}) {
  assertCan(ctx.actor, "plans:write");
  const versionId = await inCatalogTransaction(ctx, async (tx) => {
    const plan = await getPlanOrThrow(tx, planId, { forEdit: true });
    await checkReferences(tx.db, [{ path: "", version: input }]);
    const id = await insertVersion(tx.db, planId, input);
    await writeAudit(tx, {
      action: "PLAN_VERSION_CREATED",
      entity: "plan_versions",
      entityId: id,
      companyId: plan.companyId,
      details: { plan_id: planId, version_label: input.version_label ?? null },
    });
    return id;
  });
  return getVersion({ ctx, versionId });
}
