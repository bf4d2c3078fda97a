import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { getPricingConfig, isSoldTo, quotePrice } from "./pricing-config";
import type { CalculatePriceInput } from "./schemas";

/** POST /plans/calculate-price: a real-time quote for people of one age in one country. */
export async function calculatePlanPrice({ ctx, input }: { ctx: ServiceContext; input: CalculatePriceInput }) {
  assertCan(ctx.actor, "plans:read");
  const config = await getPricingConfig(ctx.db, input.plan_version_id);
  // A plan or product owned by another company is not there for this caller.
  if (!config || !isSoldTo(config, ctx.actor)) throw new NotFoundError("plan version");
  return quotePrice(config, { countryCode: input.country_code, age: input.age, quantity: input.quantity });
}
