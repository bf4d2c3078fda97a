import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { TransactionsPanel } from "@/components/payments/transactions-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Transactions · Funeral Cover Admin" };

export default async function TransactionsPage() {
  const user = await requireUser();
  if (!user.permissions.has("payments:read")) return <AccessDenied permission="payments:read" />;
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every payment of the policies in your scope: manual, card and subscription invoices."
      />
      <TransactionsPanel />
    </>
  );
}
