import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ClaimsQueue } from "@/components/claims/claims-queue";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Claims · Funeral Cover Admin" };

export default async function ClaimsPage() {
  const user = await requireUser();
  if (!user.permissions.has("claims:read")) return <AccessDenied permission="claims:read" />;
  return (
    <>
      <PageHeader title="Claims" description="The claims desk: every claim in your scope, the longest waiting first." />
      <ClaimsQueue />
    </>
  );
}
