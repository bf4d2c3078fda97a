import { chunksForInsert } from "@/db/chunks";
import { auditLogs } from "@/db/schema";
import { actorLabel, companyOf } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
  /** The user the entry is about when no user is signed in (registration, login). */
  userId?: string | null;
  /**
   * The company the change belongs to, when it is not the actor's own; null for what belongs to no
   * company (the shared catalog and geography), so that no company's audit:read key sees it as its own.
   */
  companyId?: string | null;
};

/**
 * Writes one audit row with `ctx.db`, which must be the transaction of the change it records, so the
 * change and its audit entry commit or roll back together.
 */
export async function writeAudit(ctx: ServiceContext, entry: AuditEntry): Promise<void> {
  await writeAudits(ctx, [entry]);
}

/** writeAudit for many entries of one change, many rows per statement (the import of a book). */
export async function writeAudits(ctx: ServiceContext, entries: AuditEntry[]): Promise<void> {
  const { actor } = ctx;
  const rows = entries.map((entry) => ({
    action: entry.action,
    userId: entry.userId ?? (actor.kind === "user" ? actor.userId : null),
    apiKeyId: actor.kind === "api_key" ? actor.apiKeyId : null,
    // A sign-in or registration has no signed-in actor yet; the entry is about, and by, that user.
    actor: actor.kind === "anonymous" && entry.userId ? entry.userId : actorLabel(actor),
    companyId: entry.companyId !== undefined ? entry.companyId : companyOf(actor),
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    ipAddress: ctx.ipAddress,
    details: entry.details ?? {},
  }));
  for (const chunk of chunksForInsert(rows)) await ctx.db.insert(auditLogs).values(chunk);
}
