import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { NewVersion } from "@/components/catalog/new-version";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("catalog.pageNewVersion")} · ${t("app.name")}` };
}

export default async function NewVersionPage({ params }: { params: Promise<{ id: string }> }) {
  const user = await requireUser();
  if (!user.permissions.has("plans:write")) return <AccessDenied permission="plans:write" />;
  const { id } = await params;
  return <NewVersion versionId={id} />;
}
