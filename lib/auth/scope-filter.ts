import { and, eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { scopeOf, type Actor } from "./actor";

/**
 * The WHERE condition that keeps a query inside the actor's scope (contract section 2), for a table that
 * records the company and business unit that created each row; undefined for ADMIN and the system.
 */
export function scopeFilter(
  actor: Actor,
  columns: { companyId: AnyPgColumn; businessUnitId: AnyPgColumn },
): SQL | undefined {
  const scope = scopeOf(actor);
  if (!scope) return undefined;
  if (!scope.businessUnitId) return eq(columns.companyId, scope.companyId);
  return and(eq(columns.companyId, scope.companyId), eq(columns.businessUnitId, scope.businessUnitId));
}
