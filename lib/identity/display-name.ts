// Apart from display-names.ts, which holds its SQL form: pages import this one without the database schema.

/** A user's name as a person reads it: the full name, or the e-mail when the user has none (or a blank one). */
export function displayName(user: { fullName: string | null | undefined; email: string }): string {
  return user.fullName?.trim() || user.email;
}
