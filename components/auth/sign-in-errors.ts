// What the sign-in page says when signing in fails, as keys of the "signIn.errors" catalog section:
// next-auth's own codes, and the service's messages (English, as the API writes them) by their meaning.
export type SignInErrorKey =
  "wrongCredentials" | "throttled" | "unavailable" | "sessionRequired" | "accessDenied" | "failed";

const NEXT_AUTH_ERRORS: Record<string, SignInErrorKey> = {
  CredentialsSignin: "wrongCredentials",
  SessionRequired: "sessionRequired",
  AccessDenied: "accessDenied",
};

/** The answer of signIn(): our service's message (wrong credentials, throttling) or a next-auth code. */
export function describeSignInError(error: string | null | undefined): SignInErrorKey | null {
  if (!error) return null;
  if (NEXT_AUTH_ERRORS[error]) return NEXT_AUTH_ERRORS[error];
  if (/^incorrect e-mail or password/i.test(error)) return "wrongCredentials";
  if (/^too many/i.test(error)) return "throttled";
  if (/unavailable/i.test(error)) return "unavailable";
  return "failed";
}

/**
 * The `?error=` of the sign-in URL. Anyone can write a link with any text there, so only known codes
 * are shown as they are; anything else gets a neutral message.
 */
export function describeSignInErrorCode(code: string | undefined): SignInErrorKey | null {
  if (!code) return null;
  return NEXT_AUTH_ERRORS[code] ?? "failed";
}
