import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { inCatalogTransaction } from "./catalog-transaction";
import {
  assertPlansOfProductCompany,
  checkReferences,
  getProductOrThrow,
  insertPlans,
  toProductResponses,
} from "./internal";
import type { CreatePlanInput } from "./schemas";

/** POST /products/{id}/plans: a plan, with its versions, under an existing product, belonging to the product's company. */
export async function createPlan({
  ctx,
  productId,
  input,
}: {
  ctx: ServiceContext;
  productId: string;
  input: CreatePlanInput;
}) {
  assertCan(ctx.actor, "plans:write");
  const planId = await inCatalogTransaction(ctx, async (tx) => {
    const product = await getProductOrThrow(tx, productId, { forEdit: true });
    await checkReferences(
      tx.db,
      [
        { path: "", companyId: input.company_id },
        ...input.versions.map((version, index) => ({ path: `versions.${index}.`, version })),
      ],
      tx.actor,
    );
    assertPlansOfProductCompany(product.companyId, [{ path: "", companyId: input.company_id }]);
    const [id] = await insertPlans(tx.db, product, [input]);
    await writeAudit(tx, {
      action: "PLAN_CREATED",
      entity: "plans",
      entityId: id,
      companyId: product.companyId,
      details: { product_id: productId, name: input.name },
    });
    return id;
  });
  const [tree] = await toProductResponses(ctx, [await getProductOrThrow(ctx, productId)]);
  return tree.plans.find((plan) => plan.id === planId)!;
}
