import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PolicyView } from "@/components/policies/policy-view";

export const metadata = { title: "Policy · Funeral Cover Admin" };

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
    />
  );
}
