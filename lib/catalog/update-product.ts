import { eq } from "drizzle-orm";
import { products } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { insertPlans } from "./create-product";
import {
  assertPlansOfProductCompany,
  checkReferences,
  getProductOrThrow,
  getProductToEditOrThrow,
  loadProductTrees,
} from "./internal";
import { announceCatalogChange, invalidatePricingCache } from "./pricing-config";
import type { CreatePlanInput, UpdateProductInput } from "./schemas";

/** PATCH /products/{id}: name, description, type, and activation; a scoped caller only of its company's own products. */
export async function updateProduct({
  ctx,
  productId,
  input,
}: {
  ctx: ServiceContext;
  productId: string;
  input: UpdateProductInput;
}) {
  assertCan(ctx.actor, "plans:write");
  const product = await inTransaction(ctx, async (tx) => {
    const current = await getProductToEditOrThrow(tx, productId);
    const [updated] = await tx.db
      .update(products)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.product_type !== undefined && { productType: input.product_type }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
      })
      .where(eq(products.id, productId))
      .returning();
    await announceCatalogChange(tx.db);
    await writeAudit(tx, {
      action: "PRODUCT_UPDATED",
      entity: "products",
      entityId: productId,
      companyId: current.companyId,
      details: { changes: input },
    });
    return updated;
  });
  invalidatePricingCache();
  const [tree] = await loadProductTrees(ctx, [product]);
  return tree;
}

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
  const planId = await inTransaction(ctx, async (tx) => {
    const product = await getProductToEditOrThrow(tx, productId);
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
    await announceCatalogChange(tx.db);
    await writeAudit(tx, {
      action: "PLAN_CREATED",
      entity: "plans",
      entityId: id,
      companyId: product.companyId,
      details: { product_id: productId, name: input.name },
    });
    return id;
  });
  invalidatePricingCache();
  const [tree] = await loadProductTrees(ctx, [await getProductOrThrow(ctx, productId)]);
  return tree.plans.find((plan) => plan.id === planId)!;
}
