import Link from "next/link";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PipelineBoard } from "@/components/leads/pipeline-board";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Leads · Funeral Cover Admin" };

export default async function LeadsPage() {
  const user = await requireUser();
  if (!user.permissions.has("leads:read")) return <AccessDenied permission="leads:read" />;
  return (
    <>
      <PageHeader
        title="Leads"
        description="The pipeline by stage, newest first. A card's buttons move the lead; only the allowed moves are offered."
      />
      <p className="breadcrumb">
        <Link href="/leads/analytics">Analytics by source and campaign</Link>
      </p>
      <PipelineBoard canWrite={user.permissions.has("leads:write")} />
    </>
  );
}
