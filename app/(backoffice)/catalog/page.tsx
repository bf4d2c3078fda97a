import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { CatalogPanel } from "@/components/catalog/catalog-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("catalog.title")} · ${t("app.name")}` };
}

export default async function CatalogPage() {
  const user = await requireUser();
  if (!user.permissions.has("plans:read")) return <AccessDenied permission="plans:read" />;
  const canEdit = user.permissions.has("plans:write");
  const t = await getTranslations("catalog");
  return (
    <>
      <PageHeader title={t("title")} description={canEdit ? t("descriptionEdit") : t("descriptionRead")} />
      <CatalogPanel canEdit={canEdit} />
    </>
  );
}
