import { getProfile } from "@/lib/identity/get-profile";
import { identityEndpoints } from "@/lib/identity/endpoints";
import { updateProfile } from "@/lib/identity/update-profile";
import { json } from "@/lib/http/responses";
import { withApi } from "@/lib/http/with-api";

// GET /api/v1/auth/me - the caller's profile
export const GET = withApi(identityEndpoints.me, async ({ ctx }) => json(await getProfile({ ctx })));

// PATCH /api/v1/auth/me - the caller's own settings (its saved language)
export const PATCH = withApi(identityEndpoints.updateMe, async ({ ctx, body }) =>
  json(await updateProfile({ ctx, input: body })),
);
