import { and, asc, eq } from "drizzle-orm";
import { products } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { toProductResponses, visibleProducts } from "./internal";

/**
 * GET /products/: the catalog to full depth; only active products unless active_only is false. Outside
 * ADMIN, the shared products and the caller's company's own.
 */
export async function listProducts({ ctx, activeOnly }: { ctx: ServiceContext; activeOnly: boolean }) {
  assertCan(ctx.actor, "plans:read");
  const rows = await ctx.db
    .select()
    .from(products)
    .where(and(activeOnly ? eq(products.isActive, true) : undefined, visibleProducts(ctx.actor)))
    .orderBy(asc(products.name), asc(products.id));
  return toProductResponses(ctx, rows);
}
