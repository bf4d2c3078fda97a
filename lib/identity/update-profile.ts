import { eq } from "drizzle-orm";
import { users } from "@/db/schema";
import { assertUser } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { NotFoundError } from "@/lib/errors";
import { toUserResponse } from "./internal";
import type { UpdateProfileInput } from "./schemas";

/**
 * PATCH /auth/me: the signed-in user's own settings. Today the saved language of the pages
 * (localisation.md section 1), which comes before the NEXT_LOCALE cookie and Accept-Language.
 */
export async function updateProfile({ ctx, input }: { ctx: ServiceContext; input: UpdateProfileInput }) {
  assertUser(ctx.actor);
  const [updated] = await ctx.db
    .update(users)
    .set({ locale: input.locale })
    .where(eq(users.id, ctx.actor.userId))
    .returning();
  if (!updated) throw new NotFoundError("user");
  return toUserResponse(ctx.db, updated);
}
