import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { AuditPanel } from "@/components/audit/audit-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("audit.title")} · ${t("app.name")}` };
}

export default async function AuditPage() {
  const user = await requireUser();
  if (!user.permissions.has("audit:read")) return <AccessDenied permission="audit:read" />;
  const t = await getTranslations("audit");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <AuditPanel />
    </>
  );
}
