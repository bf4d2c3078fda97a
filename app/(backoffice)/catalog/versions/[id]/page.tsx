import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { VersionEditor } from "@/components/catalog/version-editor";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("catalog.pageVersion")} · ${t("app.name")}` };
}

type VersionPageProps = { params: Promise<{ id: string }>; searchParams: Promise<{ created?: string }> };

export default async function VersionPage({ params, searchParams }: VersionPageProps) {
  const user = await requireUser();
  if (!user.permissions.has("plans:read")) return <AccessDenied permission="plans:read" />;
  const { id } = await params;
  const { created } = await searchParams;
  return <VersionEditor versionId={id} canEdit={user.permissions.has("plans:write")} isJustCreated={created === "1"} />;
}
