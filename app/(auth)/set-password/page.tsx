import { getTranslations } from "next-intl/server";
import { AuthCard } from "@/components/auth/auth-card";
import { InvalidLink, SetPasswordFormPanel } from "@/components/auth/set-password-form";

export async function generateMetadata() {
  const t = await getTranslations();
  // The link carries a credential: no search engine, and no address sent on to other sites.
  return {
    title: `${t("setPassword.title")} · ${t("app.name")}`,
    robots: { index: false, follow: false },
    referrer: "no-referrer" as const,
  };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// GET /set-password?token= - choose a password from a reset or invitation link (trust.md section 2).
export default async function SetPasswordPage({ searchParams }: { searchParams: SearchParams }) {
  const { token } = await searchParams;
  const t = await getTranslations("setPassword");
  return (
    <AuthCard title={t("title")} intro={t("intro")}>
      {typeof token === "string" && token ? (
        <SetPasswordFormPanel token={token} />
      ) : (
        <InvalidLink kind="setPassword" isMissing />
      )}
    </AuthCard>
  );
}
