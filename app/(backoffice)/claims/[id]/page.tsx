import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ClaimView } from "@/components/claims/claim-view";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("claims.claim")} · ${t("app.name")}` };
}

type ClaimPageProps = { params: Promise<{ id: string }> };

export default async function ClaimPage({ params }: ClaimPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("claims:read")) return <AccessDenied permission="claims:read" />;
  const { id } = await params;
  return (
    <ClaimView
      claimId={id}
      currentUserId={user.userId}
      canWrite={user.permissions.has("claims:write")}
      canManage={user.permissions.has("claims:manage")}
      canOverride={user.permissions.has("claims:override")}
    />
  );
}
