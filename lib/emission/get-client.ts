import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getClientOrThrow, toClientResponse } from "./internal";
import type { ClientResponse } from "./schemas";

/** GET /emission/clients/{id} */
export async function getClient({ ctx, clientId }: { ctx: ServiceContext; clientId: string }): Promise<ClientResponse> {
  assertCan(ctx.actor, "emission:read");
  return toClientResponse(await getClientOrThrow(ctx, clientId));
}
