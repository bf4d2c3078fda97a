import { assertUser } from "@/lib/auth/actor";
import { revokeSessions } from "@/lib/auth/sessions";
import { type ServiceContext } from "@/lib/context";

/** Ends the caller's current session: its access and refresh tokens stop working at once. */
export async function logout({ ctx }: { ctx: ServiceContext }): Promise<void> {
  assertUser(ctx.actor);
  await revokeSessions(ctx.db, { sessionId: ctx.actor.sessionId }, "logout");
}
