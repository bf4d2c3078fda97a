import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { CatalogPanel } from "@/components/catalog/catalog-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Catalog · Funeral Cover Admin" };

export default async function CatalogPage() {
  const user = await requireUser();
  if (!user.permissions.has("plans:read")) return <AccessDenied permission="plans:read" />;
  const canEdit = user.permissions.has("plans:write");
  return (
    <>
      <PageHeader
        title="Catalog"
        description={
          canEdit
            ? "Products, plans and versions: create them, (de)activate them and edit their terms."
            : "Products, plans and versions on sale."
        }
      />
      <CatalogPanel canEdit={canEdit} />
    </>
  );
}
