import { eq } from "drizzle-orm";
import { clients } from "@/db/schema";
import type { ServiceContext } from "@/lib/context";
import { callProcessor, paymentProcessor } from "./processor";

/**
 * The client's customer at the processor: created the first time and remembered on the client, so a
 * client has one customer whatever pays for it. The client row is locked while this happens, and the
 * processor call carries an idempotency key, so two payments at once still make one customer.
 */
export async function ensureProcessorCustomer(ctx: ServiceContext, clientId: string): Promise<string> {
  const [client] = await ctx.db.select().from(clients).where(eq(clients.id, clientId)).for("update");
  if (client.processorCustomerId) return client.processorCustomerId;
  const customer = await callProcessor(() =>
    paymentProcessor().customers.create(
      { email: client.email, name: `${client.firstName} ${client.lastName}`, metadata: { client_id: client.id } },
      { idempotencyKey: `customer-${client.id}` },
    ),
  );
  await ctx.db
    .update(clients)
    .set({ processorCustomerId: customer.id, updatedAt: new Date() })
    .where(eq(clients.id, client.id));
  return customer.id;
}
