import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { CompaniesPanel } from "@/components/companies/companies-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Companies · Funeral Cover Admin" };

export default async function CompaniesPage() {
  const user = await requireUser();
  if (!user.permissions.has("organizations:manage")) return <AccessDenied permission="organizations:manage" />;
  return (
    <>
      <PageHeader title="Companies" description="Companies, resellers and their business units." />
      <CompaniesPanel canReadCountries={user.permissions.has("geography:read")} />
    </>
  );
}
