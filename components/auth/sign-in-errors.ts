// next-auth's own codes, for the failures that do not carry our service's message.
const NEXT_AUTH_ERRORS: Record<string, string> = {
  CredentialsSignin: "incorrect e-mail or password",
  SessionRequired: "sign in to continue",
  AccessDenied: "access denied",
};

/** The answer of signIn(): our service's message (wrong credentials, throttling) or a next-auth code. */
export function describeSignInError(error: string | null | undefined): string | null {
  if (!error) return null;
  return NEXT_AUTH_ERRORS[error] ?? error;
}

/**
 * The `?error=` of the sign-in URL. Anyone can write a link with any text there, so only known codes
 * are shown as they are; anything else gets a neutral message.
 */
export function describeSignInErrorCode(code: string | undefined): string | null {
  if (!code) return null;
  return NEXT_AUTH_ERRORS[code] ?? "sign-in failed; try again";
}
