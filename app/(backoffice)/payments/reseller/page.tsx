import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ResellerDashboard } from "@/components/payments/reseller-dashboard";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("payments.resellerPage.title")} · ${t("app.name")}` };
}

type ResellerPageProps = { searchParams: Promise<{ onboarding?: string }> };

export default async function ResellerPage({ searchParams }: ResellerPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("payments:read")) return <AccessDenied permission="payments:read" />;
  const { onboarding } = await searchParams;
  const t = await getTranslations("payments.resellerPage");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ResellerDashboard
        // The API lets only ADMIN read another company's dashboard; listing companies needs organizations:manage.
        canPickCompany={user.roles.includes("ADMIN") && user.permissions.has("organizations:manage")}
        canOnboard={user.permissions.has("payments:onboard")}
        ownCompanyId={user.companyId}
        onboarding={onboarding === "done" || onboarding === "refresh" ? onboarding : undefined}
      />
    </>
  );
}
