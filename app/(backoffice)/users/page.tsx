import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/components/backoffice/require-user";
import { PageHeader } from "@/components/ui/panel";
import { UsersPanel } from "@/components/users/users-panel";

export const metadata = { title: "Users & roles · Funeral Cover Admin" };

export default async function UsersPage() {
  const user = await requireUser();
  if (!user.permissions.has("users:manage")) return <AccessDenied permission="users:manage" />;
  return (
    <>
      <PageHeader title="Users & roles" description="Back-office and portal accounts, and the roles that give them access." />
      <UsersPanel canListCompanies={user.permissions.has("organizations:manage")} />
    </>
  );
}
