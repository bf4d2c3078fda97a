import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ChatPanel } from "@/components/knowledge/chat-panel";
import { PageHeader } from "@/components/ui/panel";

export const metadata = { title: "Assistant · Funeral Cover Admin" };

export default async function ChatPage() {
  const user = await requireUser();
  if (!user.permissions.has("chat:use")) return <AccessDenied permission="chat:use" />;
  return (
    <>
      <PageHeader
        title="Assistant"
        description="Ask a question; the answer is written from the knowledge library, with the documents it came from."
      />
      <ChatPanel />
    </>
  );
}
