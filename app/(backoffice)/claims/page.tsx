import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ClaimsQueue } from "@/components/claims/claims-queue";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("claims.title")} · ${t("app.name")}` };
}

export default async function ClaimsPage() {
  const user = await requireUser();
  if (!user.permissions.has("claims:read")) return <AccessDenied permission="claims:read" />;
  const t = await getTranslations("claims");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {user.permissions.has("claims:manage") ? (
        <p>
          <Link href="/claims/requirements">{t("settings.link")}</Link>
        </p>
      ) : null}
      <ClaimsQueue />
    </>
  );
}
