import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { KnowledgeLibrary } from "@/components/knowledge/knowledge-library";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Knowledge library · Funeral Cover Admin" };

export default async function KnowledgePage() {
  const user = await requireUser();
  if (!user.permissions.has("knowledge:read")) return <AccessDenied permission="knowledge:read" />;
  return (
    <>
      <PageHeader
        title="Knowledge library"
        description="The company's documents the assistant answers from: wordings, FAQs and procedures, as PDFs or texts."
      />
      {/* An administrator's documents need a company (trust.md section 5); listing companies is ADMIN's. */}
      <KnowledgeLibrary canWrite={user.permissions.has("knowledge:write")} isAdmin={user.roles.includes("ADMIN")} />
    </>
  );
}
