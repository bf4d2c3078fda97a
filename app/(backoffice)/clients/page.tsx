import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ClientsPanel } from "@/components/clients/clients-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Clients · Funeral Cover Admin" };

export default async function ClientsPage() {
  const user = await requireUser();
  if (!user.permissions.has("emission:read")) return <AccessDenied permission="emission:read" />;
  return (
    <>
      <PageHeader title="Clients" description="The insured holders of your company's policies." />
      <ClientsPanel canWrite={user.permissions.has("emission:write")} />
    </>
  );
}
