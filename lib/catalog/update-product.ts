import { eq } from "drizzle-orm";
import { products } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { writeAudit } from "@/lib/operations/audit";
import { inCatalogTransaction } from "./catalog-transaction";
import { getProductOrThrow, toProductResponses } from "./internal";
import type { UpdateProductInput } from "./schemas";

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
  const product = await inCatalogTransaction(ctx, async (tx) => {
    const current = await getProductOrThrow(tx, productId, { forEdit: true });
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
    await writeAudit(tx, {
      action: "PRODUCT_UPDATED",
      entity: "products",
      entityId: productId,
      companyId: current.companyId,
      details: { changes: input },
    });
    return updated;
  });
  const [tree] = await toProductResponses(ctx, [product]);
  return tree;
}
