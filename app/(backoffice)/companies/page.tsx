import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { CompaniesPanel } from "@/components/companies/companies-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tApp] = await Promise.all([getTranslations("companies"), getTranslations("app")]);
  return { title: t("metaTitle", { app: tApp("name") }) };
}

export default async function CompaniesPage() {
  const user = await requireUser();
  if (!user.permissions.has("organizations:manage")) return <AccessDenied permission="organizations:manage" />;
  const t = await getTranslations("companies");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <CompaniesPanel canReadCountries={user.permissions.has("geography:read")} />
    </>
  );
}
