"use client";

import { useTranslations } from "next-intl";
import type { z } from "zod";
import { displayName } from "@/lib/identity/display-name";
import type { UserResponse } from "@/lib/identity/schemas";
import { useApiData } from "@/components/ui/api-client";

type Profile = z.infer<typeof UserResponse>;

/** "Welcome, <name>": the full name lives in the profile, not in the session, so it is fetched. */
export function Greeting({ email }: { email: string }) {
  const t = useTranslations("greeting");
  const { data } = useApiData<Profile>("/api/v1/auth/me");
  return <h1>{t("welcome", { name: displayName({ fullName: data?.full_name, email }) })}</h1>;
}
