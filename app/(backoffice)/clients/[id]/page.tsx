import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ClientView } from "@/components/clients/client-view";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("clients.view.title")} · ${t("app.name")}` };
}

type ClientPageProps = { params: Promise<{ id: string }> };

export default async function ClientPage({ params }: ClientPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("emission:read")) return <AccessDenied permission="emission:read" />;
  const { id } = await params;
  return <ClientView clientId={id} canWrite={user.permissions.has("emission:write")} />;
}
