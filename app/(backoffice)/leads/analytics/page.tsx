import Link from "next/link";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { LeadAnalyticsView } from "@/components/leads/lead-analytics";

export const metadata = { title: "Lead analytics · Funeral Cover Admin" };

export default async function LeadAnalyticsPage() {
  const user = await requireUser();
  if (!user.permissions.has("leads:read")) return <AccessDenied permission="leads:read" />;
  return (
    <>
      <header className="page-header">
        <p className="breadcrumb">
          <Link href="/leads">Leads</Link>
        </p>
        <h1>Lead analytics</h1>
        <p className="muted">Leads and conversion rate by source channel and campaign, in your scope.</p>
      </header>
      <LeadAnalyticsView />
    </>
  );
}
