import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { PortfolioDashboard } from "@/components/reports/portfolio-dashboard";
import { requireUser } from "@/lib/auth/require-user";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("reports.title")} · ${t("app.name")}` };
}

export default async function ReportsPage() {
  const user = await requireUser();
  if (!user.permissions.has("reports:read")) return <AccessDenied permission="reports:read" />;
  const t = await getTranslations("reports");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <PortfolioDashboard
        canPickCompany={user.permissions.has("organizations:manage")}
        ownBusinessUnitId={user.businessUnitId}
        canReadPlans={user.permissions.has("plans:read")}
      />
    </>
  );
}
