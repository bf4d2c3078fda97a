import { dictionary } from "@zxcvbn-ts/language-common";
import { ValidationError } from "@/lib/errors";

// The rules a new password must meet beyond its length (which the schemas check: 8 to 128 characters),
// trust.md section 2: not one of the 10,000 most common passwords, and not containing the name of the
// user's e-mail address (the part before @) when that name has at least 4 characters.
//
// The list is the first 10,000 entries of the "passwords-common" dictionary of @zxcvbn-ts/language-common
// (the password-strength library zxcvbn-ts), which ranks leaked passwords by how often they were seen,
// most common first. Its entries are lower case, and so is the comparison: "Password1" is refused like
// "password1".

export const COMMON_PASSWORDS_CHECKED = 10_000;
export const MIN_EMAIL_NAME_LENGTH = 4;
export const WEAK_PASSWORD = "weak_password";

let common: ReadonlySet<string> | null = null;

function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_CHECKED));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a password is too weak for the user of `email`, or null when it passes. */
export function passwordWeakness(password: string, email: string): string | null {
  if (isCommonPassword(password)) return "this password is one of the most common ones; choose a less predictable one";
  const name = email.trim().toLowerCase().split("@")[0] ?? "";
  if (name.length >= MIN_EMAIL_NAME_LENGTH && password.toLowerCase().includes(name)) {
    return "the password must not contain the name of the e-mail address";
  }
  return null;
}

/** 422 `weak_password`, on the given field, for a password that breaks a rule above. */
export function assertStrongPassword(password: string, email: string, path = "password"): void {
  const weakness = passwordWeakness(password, email);
  if (weakness) throw new ValidationError(weakness, [{ path, message: weakness, code: WEAK_PASSWORD }], WEAK_PASSWORD);
}
