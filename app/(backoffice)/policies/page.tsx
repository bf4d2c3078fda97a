import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PoliciesPanel } from "@/components/policies/policies-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Policies · Funeral Cover Admin" };

type PoliciesPageProps = { searchParams: Promise<{ client?: string }> };

export default async function PoliciesPage({ searchParams }: PoliciesPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("emission:read")) return <AccessDenied permission="emission:read" />;
  const { client } = await searchParams;
  return (
    <>
      <PageHeader
        title="Policies"
        description="Every policy in your scope, with its status and the people it covers."
      />
      <PoliciesPanel
        initialClientId={typeof client === "string" ? client : undefined}
        canIssue={user.permissions.has("emission:write")}
      />
    </>
  );
}
