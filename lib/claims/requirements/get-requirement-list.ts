import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import type { RequirementListResponse } from "../schemas";
import { BUILT_IN_BASE_ITEMS, checklistCompanyOf, storedList } from "./checklist";

/**
 * GET /claims/requirements: the caller's company's base list (its own, else the built-in one) or, with
 * `country`, the extra items of that destination ([] when it set none).
 */
export async function getRequirementList({
  ctx,
  country,
}: {
  ctx: ServiceContext;
  country?: string;
}): Promise<RequirementListResponse> {
  assertCan(ctx.actor, "claims:read");
  const companyId = checklistCompanyOf(ctx.actor);
  const stored = await storedList(ctx.db, companyId, country ?? null);
  const items = stored ?? (country ? [] : BUILT_IN_BASE_ITEMS);
  return {
    country: country ?? null,
    items: items.map(({ code, label, mandatory }) => ({ code, label, mandatory })),
  };
}
