import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { KnowledgeLibrary } from "@/components/knowledge/knowledge-library";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tApp] = await Promise.all([getTranslations("knowledge"), getTranslations("app")]);
  return { title: t("metaTitle", { app: tApp("name") }) };
}

export default async function KnowledgePage() {
  const user = await requireUser();
  if (!user.permissions.has("knowledge:read")) return <AccessDenied permission="knowledge:read" />;
  const t = await getTranslations("knowledge");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      {/* An administrator's documents need a company (trust.md section 5); listing companies is ADMIN's. */}
      <KnowledgeLibrary canWrite={user.permissions.has("knowledge:write")} isAdmin={user.roles.includes("ADMIN")} />
    </>
  );
}
