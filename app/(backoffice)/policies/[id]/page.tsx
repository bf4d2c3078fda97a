import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PolicyView } from "@/components/policies/policy-view";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("policies.view.title")} · ${t("app.name")}` };
}

type PolicyPageProps = { params: Promise<{ id: string }> };

export default async function PolicyPage({ params }: PolicyPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("emission:read")) return <AccessDenied permission="emission:read" />;
  const { id } = await params;
  return (
    <PolicyView
      policyId={id}
      canTransition={user.permissions.has("policies:transition")}
      canMarkDeceased={user.permissions.has("beneficiaries:mark_deceased")}
      canWrite={user.permissions.has("emission:write")}
    />
  );
}
