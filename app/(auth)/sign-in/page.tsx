import { redirect } from "next/navigation";
import { describeSignInErrorCode } from "@/components/auth/sign-in-errors";
import { SignInFormPanel } from "@/components/auth/sign-in-form";
// Only paths of this site: anything else would make the sign-in page an open redirect.
import { safeCallbackUrl } from "@/lib/auth/callback-url";
import { getCurrentUser } from "@/lib/auth/current-user";

export const metadata = { title: "Sign in · Funeral Cover Admin" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const callbackUrl = safeCallbackUrl(params.callbackUrl);
  // Someone already signed in has nothing to do here.
  if (await getCurrentUser()) redirect(callbackUrl);
  const error = describeSignInErrorCode(typeof params.error === "string" ? params.error : undefined);
  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1>Funeral Cover Admin</h1>
        <p className="muted">Sign in to the back office.</p>
        <SignInFormPanel callbackUrl={callbackUrl} initialError={error} />
      </div>
    </main>
  );
}
