import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { QuotePanel } from "@/components/quote/quote-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Quote · Funeral Cover Admin" };

type QuotePageProps = { searchParams: Promise<{ version?: string }> };

export default async function QuotePage({ searchParams }: QuotePageProps) {
  const user = await requireUser();
  if (!user.permissions.has("plans:read")) return <AccessDenied permission="plans:read" />;
  const { version } = await searchParams;
  return (
    <>
      <PageHeader title="Quote" description="Price cover for the people of one family in one country." />
      <QuotePanel
        canReadCountries={user.permissions.has("geography:read")}
        initialVersionId={typeof version === "string" ? version : undefined}
      />
    </>
  );
}
