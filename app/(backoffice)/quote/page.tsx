import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { QuotePanel } from "@/components/quote/quote-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("quote.title")} · ${t("app.name")}` };
}

type QuotePageProps = { searchParams: Promise<{ version?: string }> };

export default async function QuotePage({ searchParams }: QuotePageProps) {
  const user = await requireUser();
  if (!user.permissions.has("plans:read")) return <AccessDenied permission="plans:read" />;
  const { version } = await searchParams;
  const t = await getTranslations("quote");
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <QuotePanel initialVersionId={typeof version === "string" ? version : undefined} />
    </>
  );
}
