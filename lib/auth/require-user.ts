import { redirect } from "next/navigation";
import { cache } from "react";
import type { UserActor } from "@/lib/auth/actor";
import { getCurrentUser } from "@/lib/auth/current-user";
import type { Permission } from "@/lib/auth/permissions";

/** The signed-in user or null, looked up once per request (the layout, the page and the language share it). */
export const currentUser = cache(getCurrentUser);

/**
 * The signed-in user for a back-office page, or a redirect to the sign-in page. Cached per request,
 * so the layout and the page share one session lookup.
 */
export const requireUser = cache(async (): Promise<UserActor> => {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  return user;
});

export async function hasPermission(permission: Permission): Promise<boolean> {
  const user = await requireUser();
  return user.permissions.has(permission);
}
