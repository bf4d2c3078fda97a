import { inTransaction, type ServiceContext } from "@/lib/context";
import { announceCatalogChange, invalidatePricingCache } from "./pricing-config";

/**
 * The one way to write the catalog (products, plans, versions and their rules) or the zones prices
 * depend on: runs `fn` in a transaction that tells every server process its cached prices are stale.
 * Inside the transaction it announces the change (PostgreSQL delivers the NOTIFY only on commit, to each
 * process listening: listenForCatalogChanges); after the commit it drops this process's cache, so the
 * next quote reads what was written. A write that fails announces nothing and keeps the cache.
 *
 * Called inside a transaction already open, the announcement still waits for that transaction's commit;
 * this process's cache is dropped when `fn` returns and again by the NOTIFY when the outer transaction
 * commits (start-up listens).
 */
export async function inCatalogTransaction<T>(ctx: ServiceContext, fn: (tx: ServiceContext) => Promise<T>): Promise<T> {
  const result = await inTransaction(ctx, async (tx) => {
    const value = await fn(tx);
    await announceCatalogChange(tx.db);
    return value;
  });
  invalidatePricingCache();
  return result;
}
