import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { RequirementsSettings } from "@/components/claims/requirements-settings";
import { requireUser } from "@/lib/auth/require-user";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("claims.settings.title")} · ${t("app.name")}` };
}

export default async function ClaimRequirementsPage() {
  const user = await requireUser();
  if (!user.permissions.has("claims:manage")) return <AccessDenied permission="claims:manage" />;
  const t = await getTranslations("claims");
  return (
    <>
      <header className="page-header">
        <p className="breadcrumb">
          <Link href="/claims">{t("title")}</Link>
        </p>
        <h1>{t("settings.title")}</h1>
        <p className="muted">{t("settings.pageDescription")}</p>
      </header>
      <RequirementsSettings />
    </>
  );
}
