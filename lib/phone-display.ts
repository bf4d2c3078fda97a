import { parsePhoneNumberWithError } from "libphonenumber-js/min";

// Apart from lib/phone.ts: pages show numbers too, and formatting a stored E.164 number needs only the
// small metadata, not the full number ranges that validating a typed one does.

/** A stored E.164 number as people read it, in international form ("+52 55 1234 5678"); as stored when it cannot be parsed. */
export function displayPhone(e164: string): string {
  try {
    return parsePhoneNumberWithError(e164).formatInternational();
  } catch {
    return e164;
  }
}
