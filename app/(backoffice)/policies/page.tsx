import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PoliciesPanel } from "@/components/policies/policies-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("policies.title")} · ${t("app.name")}` };
}

type PoliciesPageProps = { searchParams: Promise<{ client?: string }> };

export default async function PoliciesPage({ searchParams }: PoliciesPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("emission:read")) return <AccessDenied permission="emission:read" />;
  const { client } = await searchParams;
  const t = await getTranslations("policies");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <PoliciesPanel
        initialClientId={typeof client === "string" ? client : undefined}
        canIssue={user.permissions.has("emission:write")}
      />
    </>
  );
}
