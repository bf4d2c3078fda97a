import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { describeSignInErrorCode } from "@/components/auth/sign-in-errors";
import { SignInFormPanel } from "@/components/auth/sign-in-form";
import { LanguageSwitch } from "@/components/backoffice/language-switch";
// Only paths of this site: anything else would make the sign-in page an open redirect.
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/current-user";

export async function generateMetadata() {
  const t = await getTranslations();
  return { title: `${t("signIn.title")} · ${t("app.name")}` };
}
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  // Someone already signed in has nothing to do here.
  if (await getCurrentUser()) redirect(callbackUrl);
  const error = describeSignInErrorCode(typeof params.error === "string" ? params.error : undefined);
  const t = await getTranslations();
  return (
    <main className="auth-page">
      <div className="auth-card">
        <LanguageSwitch saveToProfile={false} />
        <h1>{t("app.name")}</h1>
        <p className="muted">{t("signIn.intro")}</p>
        <SignInFormPanel callbackUrl={callbackUrl} initialError={error} />
      </div>
    </main>
  );
}
