import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { ForgotPasswordFormPanel } from "@/components/auth/forgot-password-form";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("forgotPassword.title")} · ${t("app.name")}` };
}

// GET /forgot-password - ask for a link to choose a new password (trust.md section 2).
export default async function ForgotPasswordPage() {
  const t = await getTranslations("forgotPassword");
  return (
    <AuthCard title={t("title")} intro={t("intro")}>
      <ForgotPasswordFormPanel />
    </AuthCard>
  );
}
