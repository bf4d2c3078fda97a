import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { BulkUploadPanel } from "@/components/policies/bulk-upload-form";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("policies.bulk.title")} · ${t("app.name")}` };
}

export default async function BulkUploadPage() {
  const user = await requireUser();
  if (!user.permissions.has("emission:write")) return <AccessDenied permission="emission:write" />;
  const t = await getTranslations("policies.bulk");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <BulkUploadPanel />
    </>
  );
}
