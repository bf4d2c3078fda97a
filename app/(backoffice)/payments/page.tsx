import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { TransactionsPanel } from "@/components/payments/transactions-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("payments.transactionsPage.title")} · ${t("app.name")}` };
}

export default async function TransactionsPage() {
  const user = await requireUser();
  if (!user.permissions.has("payments:read")) return <AccessDenied permission="payments:read" />;
  const t = await getTranslations("payments.transactionsPage");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <TransactionsPanel />
    </>
  );
}
