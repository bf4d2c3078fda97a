import Stripe from "stripe";
import { processorEvents } from "@/db/schema";
import { sendAfterWrite, type ServiceContext } from "@/lib/context";
import { BadRequestError, ExternalServiceError } from "@/lib/errors";

/** Stripe's tolerance for the signature's timestamp (contract section 7). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * POST /payments/webhook: checks the Stripe-Signature header (400 and nothing stored when it is missing,
 * wrong or older than 300 s), stores the event by its id and acknowledges at once; processing happens in
 * the background. The id is unique in the table, so a replay, even one arriving at the same moment as the
 * first delivery, is stored and processed once.
 */
export async function receiveProcessorEvent({
  ctx,
  payload,
  signature,
}: {
  ctx: ServiceContext;
  payload: string;
  signature: string | null;
}) {
  const secret = process.env.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new ExternalServiceError("processor webhooks are not configured (STRIPE_WEBHOOK_SECRET)", 503);
  if (!signature) throw new BadRequestError("missing Stripe-Signature header");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, signature, secret, SIGNATURE_TOLERANCE_SECONDS);
  } catch (error) {
    throw new BadRequestError(
      `invalid Stripe-Signature: ${error instanceof Error ? error.message : "verification failed"}`,
    );
  }
  // One statement, so it commits on its own (one round trip instead of begin, insert, commit): the stored
  // row is the durable record, and the sweep processes it if the event sent after it is lost.
  const [stored] = await ctx.db
    .insert(processorEvents)
    .values({
      processorEventId: event.id,
      type: event.type,
      payload: event,
      processorCreatedAt: new Date(event.created * 1000),
    })
    .onConflictDoNothing({ target: processorEvents.processorEventId })
    .returning({ id: processorEvents.id });
  if (stored) await sendAfterWrite(ctx, { name: "payments/processor-event.received", data: { event_id: stored.id } });
  return { received: true as const };
}
