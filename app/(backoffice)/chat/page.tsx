import { randomUUID } from "node:crypto";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/backoffice/access-denied";
import { requireUser } from "@/lib/auth/require-user";
import { ChatPanel } from "@/components/knowledge/chat-panel";
import { PageHeader } from "@/components/ui/panel";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tApp] = await Promise.all([getTranslations("knowledge.chat"), getTranslations("app")]);
  return { title: t("metaTitle", { app: tApp("name") }) };
}

export default async function ChatPage() {
  const user = await requireUser();
  if (!user.permissions.has("chat:use")) return <AccessDenied permission="chat:use" />;
  const t = await getTranslations("knowledge.chat");
  return (
    <>
      <PageHeader title={t("pageTitle")} description={t("pageDescription")} />
      <ChatPanel initialSessionId={randomUUID()} />
    </>
  );
}
