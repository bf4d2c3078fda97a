// Formula injection (reports.md section 2): a spreadsheet reads a cell that starts with =, +, -, @, a tab
// or a carriage return as a formula, so such a text is written with a leading apostrophe, unless the whole
// value is a number (a negative amount) or an E.164 phone number, which stay as they are.

const FORMULA_START = /^[=+\-@\t\r]/;
const WHOLE_NUMBER = /^-?\d+(\.\d+)?$/;
const E164 = /^\+[1-9]\d{1,14}$/;

/** True when `text` must be guarded: it starts like a formula and is no plain number or phone number. */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text) && !WHOLE_NUMBER.test(text) && !E164.test(text);
}

/** The text as a CSV cell may hold it: with a leading `'` when it would start a formula. */
export function guardFormula(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text;
}
