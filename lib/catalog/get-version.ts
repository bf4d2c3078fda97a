import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getVersionOrThrow, loadVersions } from "./internal";

/** GET /plan-versions/{id}: one version with its rules, if the caller may see it. */
export async function getVersion({ ctx, versionId }: { ctx: ServiceContext; versionId: string }) {
  assertCan(ctx.actor, "plans:read");
  await getVersionOrThrow(ctx, versionId);
  const [version] = await loadVersions(ctx.db, ctx.actor, { versionIds: [versionId] });
  return version;
}
