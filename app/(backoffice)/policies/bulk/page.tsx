import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { BulkUploadPanel } from "@/components/policies/bulk-upload-form";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Bulk upload · Funeral Cover Admin" };

export default async function BulkUploadPage() {
  const user = await requireUser();
  if (!user.permissions.has("emission:write")) return <AccessDenied permission="emission:write" />;
  return (
    <>
      <PageHeader
        title="Bulk upload"
        description="Issue one policy for a large group: its people are the rows of a spreadsheet."
      />
      <BulkUploadPanel />
    </>
  );
}
