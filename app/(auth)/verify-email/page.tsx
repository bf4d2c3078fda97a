import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { InvalidLink } from "@/components/auth/set-password-form";
import { VerifyEmailPanel } from "@/components/auth/verify-email-panel";

export async function generateMetadata() {
  const t = await getTranslations();
  return {
    title: `${t("verifyEmail.title")} · ${t("app.name")}`,
    robots: { index: false, follow: false },
    referrer: "no-referrer" as const,
  };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// GET /verify-email?token= - confirm an e-mail address from its link (trust.md section 1).
export default async function VerifyEmailPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const t = await getTranslations("verifyEmail");
  return (
    <AuthCard title={t("title")} intro={t("intro")}>
      {typeof token === "string" && token ? (
        <VerifyEmailPanel token={token} />
      ) : (
        <InvalidLink kind="verifyEmail" isMissing />
      )}
    </AuthCard>
  );
}
