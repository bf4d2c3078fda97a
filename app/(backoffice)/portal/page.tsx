import { AccessDenied } from "@/components/backoffice/access-denied";
import { Greeting } from "@/components/backoffice/greeting";
import { requireUser } from "@/components/backoffice/require-user";
import { PortalPanel } from "@/components/portal/portal-panel";

export const metadata = { title: "My cover · Funeral Cover Admin" };

export default async function PortalPage() {
  const user = await requireUser();
  if (!user.permissions.has("portal:read")) return <AccessDenied permission="portal:read" />;
  return (
    <>
      <header className="page-header">
        <Greeting email={user.email} />
        <p className="muted">Your policies, their certificates and your claims.</p>
      </header>
      <PortalPanel email={user.email} />
    </>
  );
}
