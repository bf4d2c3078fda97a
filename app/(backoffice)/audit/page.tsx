import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { AuditPanel } from "@/components/audit/audit-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Audit log · Funeral Cover Admin" };

export default async function AuditPage() {
  const user = await requireUser();
  if (!user.permissions.has("audit:read")) return <AccessDenied permission="audit:read" />;
  return (
    <>
      <PageHeader title="Audit log" description="Every audited change and sign-in, as the services recorded it." />
      <AuditPanel />
    </>
  );
}
