import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { LeadView } from "@/components/leads/lead-view";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("leads.lead")} · ${t("app.name")}` };
}

type LeadPageProps = { params: Promise<{ id: string }> };

export default async function LeadPage({ params }: LeadPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("leads:read")) return <AccessDenied permission="leads:read" />;
  const { id } = await params;
  // Read on the server at request time, so the setting applies without a rebuild.
  const portalId = process.env.NEXT_PUBLIC_HUBSPOT_PORTAL_ID?.trim() || null;
  return (
    <LeadView
      leadId={id}
      canWrite={user.permissions.has("leads:write")}
      canReadClients={user.permissions.has("emission:read")}
      canIssue={user.permissions.has("emission:write")}
      hubspotPortalId={portalId}
    />
  );
}
