import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { IssuePolicyForm } from "@/components/policies/issue-policy-form";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("policies.issue.title")} · ${t("app.name")}` };
}

type IssuePageProps = { searchParams: Promise<{ client?: string }> };

export default async function IssuePolicyPage({ searchParams }: IssuePageProps) {
  const user = await requireUser();
  if (!user.permissions.has("emission:write")) return <AccessDenied permission="emission:write" />;
  const { client } = await searchParams;
  const t = await getTranslations("policies.issue");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <IssuePolicyForm initialClientId={typeof client === "string" ? client : undefined} />
    </>
  );
}
