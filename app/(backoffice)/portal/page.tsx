import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { Greeting } from "@/components/backoffice/greeting";
import { requireUser } from "@/lib/auth/require-user";
import { PortalPanel } from "@/components/portal/portal-panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("portal.title")} · ${t("app.name")}` };
}

export default async function PortalPage() {
  const user = await requireUser();
  if (!user.permissions.has("portal:read")) return <AccessDenied permission="portal:read" />;
  const t = await getTranslations("portal");
  return (
    <>
      <header className="page-header">
        <Greeting email={user.email} />
        <p className="muted">{t("description")}</p>
      </header>
      <PortalPanel email={user.email} isVerified={user.isVerified} />
    </>
  );
}
