import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getProductOrThrow, toProductResponses } from "./internal";

/** GET /products/{id}: one product to full depth, if the caller may see it. */
export async function getProduct({ ctx, productId }: { ctx: ServiceContext; productId: string }) {
  assertCan(ctx.actor, "plans:read");
  const [tree] = await toProductResponses(ctx, [await getProductOrThrow(ctx, productId)]);
  return tree;
}
