import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { Greeting } from "@/components/backoffice/greeting";
import { isPortalUser } from "@/components/backoffice/sections";
import { requireUser } from "@/lib/auth/require-user";
import { ownInsurerName } from "@/lib/emission/own-insurer-name";
import { PortalPanel } from "@/components/portal/portal-panel";

/** A client's tab bears its insurer's name, as the header does; staff keep the product's. */
export async function generateMetadata(): Promise<Metadata> {
  const user = await requireUser();
  const t = await getTranslations();
  if (!isPortalUser(user.permissions)) return { title: `${t("portal.title")} · ${t("app.name")}` };
  const insurer = await ownInsurerName(user);
  return { title: insurer ? `${t("portal.title")} · ${insurer}` : t("portal.title") };
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
