import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { GeographyPanel } from "@/components/geography/geography-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tApp] = await Promise.all([getTranslations("geography"), getTranslations("app")]);
  return { title: t("metaTitle", { app: tApp("name") }) };
}

export default async function GeographyPage() {
  const user = await requireUser();
  if (!user.permissions.has("geography:read")) return <AccessDenied permission="geography:read" />;
  const t = await getTranslations("geography");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <GeographyPanel canManage={user.permissions.has("geography:manage")} />
    </>
  );
}
