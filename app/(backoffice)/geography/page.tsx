import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { GeographyPanel } from "@/components/geography/geography-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Geography · Funeral Cover Admin" };

export default async function GeographyPage() {
  const user = await requireUser();
  if (!user.permissions.has("geography:read")) return <AccessDenied permission="geography:read" />;
  return (
    <>
      <PageHeader title="Geography" description="Countries, and the zones that group them." />
      <GeographyPanel canManage={user.permissions.has("geography:manage")} />
    </>
  );
}
