import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { LeadAnalyticsView } from "@/components/leads/lead-analytics";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("leads.analytics.title")} · ${t("app.name")}` };
}

export default async function LeadAnalyticsPage() {
  const user = await requireUser();
  if (!user.permissions.has("leads:read")) return <AccessDenied permission="leads:read" />;
  const t = await getTranslations("leads");
  return (
    <>
      <header className="page-header">
        <p className="breadcrumb">
          <Link href="/leads">{t("title")}</Link>
        </p>
        <h1>{t("analytics.title")}</h1>
        <p className="muted">{t("analytics.description")}</p>
      </header>
      <LeadAnalyticsView />
    </>
  );
}
