import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ResellerDashboard } from "@/components/payments/reseller-dashboard";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Reseller dashboard · Funeral Cover Admin" };

type ResellerPageProps = { searchParams: Promise<{ onboarding?: string }> };

export default async function ResellerPage({ searchParams }: ResellerPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("payments:read")) return <AccessDenied permission="payments:read" />;
  const { onboarding } = await searchParams;
  return (
    <>
      <PageHeader
        title="Reseller dashboard"
        description="What the company's policies brought in, the platform's commission, and payouts."
      />
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
