import { assertUser } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { getUserOrThrow, toUserResponse } from "./internal";

/** The caller's own profile, with active roles and computed permissions. */
export async function getProfile({ ctx }: { ctx: ServiceContext }) {
  assertUser(ctx.actor);
  return toUserResponse(ctx.db, await getUserOrThrow(ctx, ctx.actor.userId, { anyCompany: true }));
}
