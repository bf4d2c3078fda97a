import type { DbOrTx } from "@/db";
import type { Actor } from "@/lib/auth/actor";
import { systemActor } from "@/lib/auth/actor";
import type { BackgroundEvent } from "@/inngest/events";
import { deliverEvents } from "@/lib/event-sink";

/** What every service receives: who acts, from where, and the database or transaction to use. */
export type ServiceContext = {
  db: DbOrTx;
  actor: Actor;
  ipAddress: string | null;
  requestId: string | null;
  /** Set inside inTransaction: events to send once the transaction has committed. */
  pendingEvents?: BackgroundEvent[];
};

export function systemContext(db: DbOrTx, name: string): ServiceContext {
  return { db, actor: systemActor(name), ipAddress: null, requestId: null };
}

/**
 * Runs `fn` in one transaction (or in the caller's, when already inside one) and hands the background
 * events it queued to the event sink (lib/event-sink.ts) only after the commit. If the process stops in between, the outbox sweep finds the
 * committed rows and sends them later.
 */
export async function inTransaction<T>(ctx: ServiceContext, fn: (tx: ServiceContext) => Promise<T>): Promise<T> {
  if (ctx.pendingEvents) return fn(ctx);
  const pendingEvents: BackgroundEvent[] = [];
  const result = await ctx.db.transaction((tx) => fn({ ...ctx, db: tx, pendingEvents }));
  await deliverEvents(pendingEvents);
  return result;
}

/**
 * Sends an event about a write made outside a transaction (one statement, committed when it returns); inside
 * one, queues it for after the commit.
 */
export async function sendAfterWrite(ctx: ServiceContext, event: BackgroundEvent): Promise<void> {
  if (ctx.pendingEvents) return sendAfterCommit(ctx, event);
  await deliverEvents([event]);
}

/** Queues an event to send after the surrounding transaction commits. */
export function sendAfterCommit(ctx: ServiceContext, event: BackgroundEvent): void {
  if (!ctx.pendingEvents) throw new Error("sendAfterCommit needs a transaction: call it inside inTransaction");
  ctx.pendingEvents.push(event);
}
