"use client";

import { useApiData } from "@/components/ui/api-client";
import type { Permission } from "@/lib/auth/permissions";
import type { Profile } from "./types";

/**
 * The signed-in user's permissions and company (GET /auth/me), for panels mounted inside pages that do
 * not pass them down. Until it has loaded nothing is allowed, so no button appears only to answer 403.
 * `isAdmin`: an ADMIN, the only one shown how the server is configured (names of settings); everyone
 * else gets plain sentences.
 */
export function useProfile() {
  const { data } = useApiData<Profile>("/api/v1/auth/me");
  return {
    can: (permission: Permission) => Boolean(data?.permissions.includes(permission)),
    companyId: data?.company_id ?? null,
    isAdmin: Boolean(data?.roles.some((role) => role.name === "ADMIN")),
  };
}
