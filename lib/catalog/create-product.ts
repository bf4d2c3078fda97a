import { sql } from "drizzle-orm";
import { plans, products } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { checkReferences, insertVersion, loadProductTrees } from "./internal";
import { announceCatalogChange, invalidatePricingCache } from "./pricing-config";
import type { CreatePlanInput, CreateProductInput } from "./schemas";
import type { DbOrTx } from "@/db";

/** Inserts plans with their versions under a product; returns the plan ids. */
export async function insertPlans(db: DbOrTx, productId: string, planInputs: CreatePlanInput[]): Promise<string[]> {
  const ids: string[] = [];
  for (const input of planInputs) {
    const [plan] = await db
      .insert(plans)
      .values({
        productId,
        name: input.name,
        companyId: input.company_id ?? null,
        processorPriceId: input.processor_price_id ?? null,
        // Its own insert time, not the transaction's: plans are listed by created_at in the order given.
        createdAt: sql`clock_timestamp()`,
      })
      .returning({ id: plans.id });
    for (const version of input.versions) await insertVersion(db, plan.id, version);
    ids.push(plan.id);
  }
  return ids;
}

/** Creates a product with its whole tree in one transaction: any bad nested item stores nothing. */
export async function createProduct({ ctx, input }: { ctx: ServiceContext; input: CreateProductInput }) {
  assertCan(ctx.actor, "plans:write");
  const product = await inTransaction(ctx, async (tx) => {
    await checkReferences(
      tx.db,
      input.plans.flatMap((plan, planIndex) => [
        { path: `plans.${planIndex}.`, companyId: plan.company_id },
        ...plan.versions.map((version, versionIndex) => ({ path: `plans.${planIndex}.versions.${versionIndex}.`, version })),
      ]),
      tx.actor,
    );
    const [created] = await tx.db
      .insert(products)
      .values({ name: input.name, description: input.description ?? null, productType: input.product_type, isActive: input.is_active })
      .returning();
    await insertPlans(tx.db, created.id, input.plans);
    await announceCatalogChange(tx.db);
    await writeAudit(tx, {
      action: "PRODUCT_CREATED",
      entity: "products",
      entityId: created.id,
      details: { name: created.name, plans: input.plans.length, versions: input.plans.reduce((sum, plan) => sum + plan.versions.length, 0) },
    });
    return created;
  });
  invalidatePricingCache();
  const [tree] = await loadProductTrees(ctx, [product]);
  return tree;
}
