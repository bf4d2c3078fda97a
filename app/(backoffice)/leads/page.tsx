import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PipelineBoard } from "@/components/leads/pipeline-board";
import { DownloadButtons } from "@/components/ui/download-buttons";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("leads.title")} · ${t("app.name")}` };
}

export default async function LeadsPage() {
  const user = await requireUser();
  if (!user.permissions.has("leads:read")) return <AccessDenied permission="leads:read" />;
  const t = await getTranslations("leads");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <div className="leads-links">
        <p className="breadcrumb">
          <Link href="/leads/analytics">{t("analyticsLink")}</Link>
        </p>
        <DownloadButtons path="/api/v1/leads/" />
      </div>
      <PipelineBoard canWrite={user.permissions.has("leads:write")} />
    </>
  );
}
