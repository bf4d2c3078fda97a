// The `q` search of every list (docs/reports.md section 3): whatever its letter case and accents
// ("ramirez" finds "Ramírez"). The database keeps the names of its large tables (clients, policies)
// normalised in stored generated columns (db/schema/emission.ts) with indexes for prefix matches; the
// query normalises its text the same way. unaccent() would do the folding but is not immutable, so it
// cannot make a generated column or an index; lower(translate(...)) is, on PostgreSQL and PGlite alike.
// Small tables (users, leads, claims through their policy and deceased) are matched anywhere in the text,
// with the same folding applied to the column on the fly (normalized below).

import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { escapeLike } from "./like";

/** Accented letters of the languages of the book (Spanish, Portuguese, French), and their plain letters. */
const ACCENTED = "ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ";
const PLAIN = "aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy";

/** SQL text of the normal form of `expression` (a column list inside a generated column or an index). */
export function normalizedSql(expression: string): string {
  return `lower(translate(${expression}, '${ACCENTED}', '${PLAIN}'))`;
}

/** The normal form of a column or expression in a query, for tables without a normalised column. */
export function normalized(expression: SQLWrapper): SQL {
  return sql`lower(translate(${expression}, ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;
}

const FOLD = new Map([...ACCENTED].map((letter, at) => [letter, PLAIN[at]]));

/** The normal form of a text in JavaScript, equal to what normalizedSql makes of it in the database. */
export function normalizeSearchText(text: string): string {
  return [...text]
    .map((letter) => FOLD.get(letter) ?? letter)
    .join("")
    .toLowerCase();
}

/** LIKE pattern of a normalised text found anywhere ("mire" finds "Ramírez"); %, _ and \ match themselves. */
export function containsPattern(q: string): string {
  return `%${escapeLike(normalizeSearchText(q))}%`;
}

/** LIKE pattern of a normalised text at the start ("rami" finds "Ramírez", "mire" does not). */
export function prefixPattern(q: string): string {
  return `${escapeLike(normalizeSearchText(q))}%`;
}

/**
 * LIKE pattern of the digits of a phone number typed with spaces, dashes, dots, brackets or a plus
 * ("55 1234-5678" finds +525512345678); null when `q` is not such a number (a name or an e-mail).
 */
export function phoneDigitsPattern(q: string): string | null {
  if (!/^[\d\s().+-]+$/.test(q)) return null;
  const digits = q.replace(/\D/g, "");
  return digits ? `%${digits}%` : null;
}
