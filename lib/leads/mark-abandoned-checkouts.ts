import { and, eq, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { leads } from "@/db/schema";

/** Minutes after checkout_started_at without a purchase before a checkout counts as abandoned. */
export function abandonedCheckoutMinutes(): number {
  const minutes = Number(process.env.ABANDONED_CHECKOUT_MINUTES ?? 60);
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 60;
}

/** Flags every checkout started more than ABANDONED_CHECKOUT_MINUTES before `now` with no purchase. */
export async function markAbandonedCheckouts(db: DbOrTx, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - abandonedCheckoutMinutes() * 60_000);
  const flagged = await db
    .update(leads)
    .set({ abandonedCheckoutFlag: true, updatedAt: now })
    .where(
      and(
        lt(leads.checkoutStartedAt, cutoff),
        isNull(leads.purchaseCompletedAt),
        eq(leads.abandonedCheckoutFlag, false),
      ),
    )
    .returning({ id: leads.id });
  return flagged.length;
}
