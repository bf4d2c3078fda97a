import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ClientsPanel } from "@/components/clients/clients-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("clients.title")} · ${t("app.name")}` };
}

export default async function ClientsPage() {
  const user = await requireUser();
  if (!user.permissions.has("emission:read")) return <AccessDenied permission="emission:read" />;
  const t = await getTranslations("clients");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ClientsPanel canWrite={user.permissions.has("emission:write")} />
    </>
  );
}
