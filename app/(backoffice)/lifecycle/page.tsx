import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { BookImportPanel } from "@/components/lifecycle/book-import-panel";
import { LifecycleRunPanel } from "@/components/lifecycle/lifecycle-run-panel";
import { PageHeader } from "@/components/ui/panel";
import { requireUser } from "@/lib/auth/require-user";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("lifecycle.page.title")} · ${t("app.name")}` };
}

// Administration of the policies' lifecycle: the daily run by hand, and the import of a book.
export default async function LifecyclePage() {
  const user = await requireUser();
  if (!user.permissions.has("lifecycle:run")) return <AccessDenied permission="lifecycle:run" />;
  const t = await getTranslations("lifecycle.page");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <LifecycleRunPanel />
      {user.permissions.has("policies:import") ? <BookImportPanel /> : null}
    </>
  );
}
