import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { PageHeader } from "@/components/ui/panel";
import { UsersPanel } from "@/components/users/users-panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("users.title")} · ${t("app.name")}` };
}

export default async function UsersPage() {
  const user = await requireUser();
  if (!user.permissions.has("users:manage")) return <AccessDenied permission="users:manage" />;
  const t = await getTranslations("users");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <UsersPanel
        canListCompanies={user.permissions.has("organizations:manage")}
        canReadNotifications={user.permissions.has("notifications:read")}
      />
    </>
  );
}
