import { isSupportedCountry, parsePhoneNumberWithError, type CountryCode } from "libphonenumber-js/max";
import { ValidationError } from "@/lib/errors";

// Phone numbers of clients and leads (trust.md section 7): parsed with libphonenumber's full metadata
// ("max": the digit patterns of every number range, not only the lengths), stored and returned in E.164.

/** E.164: "+", a country calling code and the national number, at most 15 digits, no separators. */
export const E164_PATTERN = /^\+[1-9]\d{1,14}$/;

export type PhoneResult = { ok: true; e164: string } | { ok: false; message: string };

/**
 * The E.164 form of a phone number, or why it is refused. With `country`, a number without "+" is read
 * as a national number of that country (separators allowed); a number with "+" stands for itself,
 * whatever the country. Without `country` the number must already be written in E.164. Either way it
 * must be a valid number of its country (libphonenumber's number ranges), not only the right length.
 */
export function toE164(text: string, country?: string | null): PhoneResult {
  const value = text.trim();
  const international = value.startsWith("+");
  if (!country && !E164_PATTERN.test(value)) {
    return {
      ok: false,
      message: "must be an E.164 phone number such as +525512345678 (or give the country to write it in national form)",
    };
  }
  if (!international && country && !isSupportedCountry(country)) {
    return {
      ok: false,
      message: `cannot be read as a national number of ${country}; write it in international form, starting with + and the country code`,
    };
  }
  try {
    const phone = international
      ? parsePhoneNumberWithError(value)
      : parsePhoneNumberWithError(value, country as CountryCode);
    if (phone.isValid()) return { ok: true, e164: phone.number };
    // A national number is refused for the country it was read in, even when an international prefix
    // in it ("011 55 ...", "00 55 ...") made it another country's.
    const where = international ? phone.country : country;
    return { ok: false, message: where ? `is not a valid phone number of ${where}` : "is not a valid phone number" };
  } catch {
    // NOT_A_NUMBER, INVALID_COUNTRY, TOO_SHORT, TOO_LONG: none of them is a number anyone can call.
    return {
      ok: false,
      message: international || !country ? "is not a valid phone number" : `is not a valid phone number of ${country}`,
    };
  }
}

/** `toE164`, or a 422 naming `field` (the body field the number came in). */
export function phoneToE164OrThrow(text: string, country: string | null | undefined, field: string): string {
  const result = toE164(text, country);
  if (result.ok) return result.e164;
  throw new ValidationError(`invalid body '${field}': ${result.message}`, [
    { path: field, message: result.message, code: "invalid_phone" },
  ]);
}
