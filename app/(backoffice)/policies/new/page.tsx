import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { IssuePolicyForm } from "@/components/policies/issue-policy-form";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Issue a policy · Funeral Cover Admin" };

type IssuePageProps = { searchParams: Promise<{ client?: string }> };

export default async function IssuePolicyPage({ searchParams }: IssuePageProps) {
  const user = await requireUser();
  if (!user.permissions.has("emission:write")) return <AccessDenied permission="emission:write" />;
  const { client } = await searchParams;
  return (
    <>
      <PageHeader
        title="Issue a policy"
        description="A client, a plan version, the start date and the people to cover."
      />
      <IssuePolicyForm initialClientId={typeof client === "string" ? client : undefined} />
    </>
  );
}
