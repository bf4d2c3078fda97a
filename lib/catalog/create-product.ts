import { sql } from "drizzle-orm";
import { plans, products } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import { inTransaction, type ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { assertPlansOfProductCompany, checkReferences, insertVersion, loadProductTrees } from "./internal";
import { announceCatalogChange, invalidatePricingCache } from "./pricing-config";
import type { CreatePlanInput, CreateProductInput } from "./schemas";
import type { DbOrTx } from "@/db";

/** Inserts plans with their versions under a product, each belonging to the product's company; returns the plan ids. */
export async function insertPlans(
  db: DbOrTx,
  product: { id: string; companyId: string | null },
  planInputs: CreatePlanInput[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const input of planInputs) {
    const [plan] = await db
      .insert(plans)
      .values({
        productId: product.id,
        name: input.name,
        companyId: product.companyId,
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

/**
 * Creates a product with its whole tree in one transaction: any bad nested item stores nothing. The
 * product belongs to the company of the key or user that creates it; an ADMIN's is shared unless the
 * ADMIN names a company (trust.md section 3).
 */
export async function createProduct({ ctx, input }: { ctx: ServiceContext; input: CreateProductInput }) {
  assertCan(ctx.actor, "plans:write");
  const scope = scopeOf(ctx.actor);
  const product = await inTransaction(ctx, async (tx) => {
    // A scoped caller naming another company than its own is refused like an unknown company.
    await checkReferences(
      tx.db,
      [
        { path: "", companyId: input.company_id },
        ...input.plans.flatMap((plan, planIndex) => [
          { path: `plans.${planIndex}.`, companyId: plan.company_id },
          ...plan.versions.map((version, versionIndex) => ({
            path: `plans.${planIndex}.versions.${versionIndex}.`,
            version,
          })),
        ]),
      ],
      tx.actor,
    );
    const companyId = scope ? scope.companyId : (input.company_id ?? null);
    assertPlansOfProductCompany(
      companyId,
      input.plans.map((plan, planIndex) => ({ path: `plans.${planIndex}.`, companyId: plan.company_id })),
    );
    const [created] = await tx.db
      .insert(products)
      .values({
        name: input.name,
        description: input.description ?? null,
        productType: input.product_type,
        isActive: input.is_active,
        companyId,
      })
      .returning();
    await insertPlans(tx.db, created, input.plans);
    await announceCatalogChange(tx.db);
    await writeAudit(tx, {
      action: "PRODUCT_CREATED",
      entity: "products",
      entityId: created.id,
      companyId,
      details: {
        name: created.name,
        plans: input.plans.length,
        versions: input.plans.reduce((sum, plan) => sum + plan.versions.length, 0),
      },
    });
    return created;
  });
  invalidatePricingCache();
  const [tree] = await loadProductTrees(ctx, [product]);
  return tree;
}
