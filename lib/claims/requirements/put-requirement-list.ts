import { claimRequirementLists } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import type { PutRequirementListInput, RequirementListResponse } from "../schemas";
import { checklistCompanyOf } from "./checklist";

/**
 * PUT /claims/requirements: sets the extra items of a destination, or (country null) replaces the
 * company's base list. Claims already open keep the checklist they were given.
 */
export async function putRequirementList({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: PutRequirementListInput;
}): Promise<RequirementListResponse> {
  assertCan(ctx.actor, "claims:manage");
  const companyId = checklistCompanyOf(ctx.actor);
  const items = input.items.map(({ code, label, mandatory }) => ({ code, label, mandatory }));
  return inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(claimRequirementLists)
      .values({ companyId, country: input.country, items })
      .onConflictDoUpdate({
        target: [claimRequirementLists.companyId, claimRequirementLists.country],
        set: { items, updatedAt: new Date() },
      })
      .returning({ id: claimRequirementLists.id });
    await writeAudit(tx, {
      action: "CLAIM_REQUIREMENTS_SET",
      entity: "claim_requirement_lists",
      entityId: row.id,
      companyId,
      details: { country: input.country, codes: items.map((item) => item.code) },
    });
    return { country: input.country, items };
  });
}
