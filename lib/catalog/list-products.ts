import { asc, eq } from "drizzle-orm";
import { products } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getProductOrThrow, loadProductTrees } from "./internal";

/** GET /products/: the catalog to full depth; only active products unless active_only is false. */
export async function listProducts({ ctx, activeOnly }: { ctx: ServiceContext; activeOnly: boolean }) {
  assertCan(ctx.actor, "plans:read");
  const rows = await ctx.db
    .select()
    .from(products)
    .where(activeOnly ? eq(products.isActive, true) : undefined)
    .orderBy(asc(products.name), asc(products.id));
  return loadProductTrees(ctx, rows);
}

export async function getProduct({ ctx, productId }: { ctx: ServiceContext; productId: string }) {
  assertCan(ctx.actor, "plans:read");
  const [tree] = await loadProductTrees(ctx, [await getProductOrThrow(ctx.db, productId)]);
  return tree;
}
