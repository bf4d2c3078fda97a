// The `q` search of clients and policies (reports.md section 3): a prefix of a name, whatever its letter
// case and accents ("ramirez" finds "Ramírez"). The database keeps each name normalised in a stored
// generated column (db/schema/emission.ts) with an index for prefix matches; the query normalises its
// text the same way. unaccent() would do the folding but is not immutable, so it cannot make a generated
// column or an index; lower(translate(...)) is, on PostgreSQL and PGlite alike.

/** Accented letters of the languages of the book (Spanish, Portuguese, French), and their plain letters. */
const ACCENTED = "ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ";
const PLAIN = "aaaaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunnccyyy";

/** SQL text of the normal form of `expression` (a column list inside a generated column or an index). */
export function normalizedSql(expression: string): string {
  return `lower(translate(${expression}, '${ACCENTED}', '${PLAIN}'))`;
}

const FOLD = new Map([...ACCENTED].map((letter, at) => [letter, PLAIN[at]]));

/** The normal form of a text in JavaScript, equal to what normalizedSql makes of it in the database. */
export function normalizeSearchText(text: string): string {
  return [...text]
    .map((letter) => FOLD.get(letter) ?? letter)
    .join("")
    .toLowerCase();
}
