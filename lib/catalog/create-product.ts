import { products } from "@/db/schema";
import { assertCan, scopeOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { inCatalogTransaction } from "./catalog-transaction";
import { assertPlansOfProductCompany, checkReferences, insertPlans, toProductResponses } from "./internal";
import type { CreateProductInput } from "./schemas";

/**
 * Creates a product with its whole tree in one transaction: any bad nested item stores nothing. The
 * product belongs to the company of the key or user that creates it; an ADMIN's is shared unless the
 * ADMIN names a company (trust.md section 3).
 */
export async function createProduct({ ctx, input }: { ctx: ServiceContext; input: CreateProductInput }) {
  assertCan(ctx.actor, "plans:write");
  const scope = scopeOf(ctx.actor);
  const product = await inCatalogTransaction(ctx, async (tx) => {
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
  const [tree] = await toProductResponses(ctx, [product]);
  return tree;
}
