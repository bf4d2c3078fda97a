import { describe, expect, it } from "vitest";
import { notFoundView, verificationView } from "@/app/verify/[token]/view";
import type { VerificationResponse } from "@/lib/emission/schemas";
import { isPublicPage, negotiateLocale } from "@/lib/i18n/locales";

// The /verify/{token} page in the visitor's language (localisation.md sections 1 and 2): every text from
// the verify catalog, the status from codes, dates as the language writes them; data stays as it is.

const standing: VerificationResponse = {
  policy_number: "POL-2026-000123",
  status: "ACTIVE",
  in_force: true,
  valid_from: "2026-11-25",
  valid_to: "2027-11-24",
  holder_initials: "A. M. P.",
  plan_name: "Essential",
};

describe("the verification page's texts", () => {
  it("reads in Spanish: verdict, labels, status from codes, dd/mm/yyyy dates", () => {
    const view = verificationView(standing, "2026-11-26", "es");
    expect(view.kicker).toBe("Verificación de cobertura");
    expect(view.verdict).toBe("Cobertura vigente");
    expect(view.reason).toBe("Con cobertura hoy, hasta el 24/11/2027.");
    expect(view.facts).toEqual([
      ["Número de póliza", "POL-2026-000123"],
      ["Estado", "Vigente"],
      ["Vigente desde", "25/11/2026"],
      ["Vigente hasta", "24/11/2027"],
      ["Titular", "A. M. P."],
      ["Plan contratado", "Essential"],
    ]);
    expect(view.note).toMatch(/^Consultado el 26\/11\/2026 \(UTC\)\./);
  });

  it("reads in English as the page did, with month-first dates and the status's name", () => {
    const view = verificationView(standing, "2026-11-26", "en");
    expect(view.kicker).toBe("Cover verification");
    expect(view.verdict).toBe("Cover in force");
    expect(view.reason).toBe("Covered today, until 11/24/2027.");
    expect(view.facts).toContainEqual(["Status", "Active"]);
    expect(view.facts).toContainEqual(["Valid from", "11/25/2026"]);
    expect(view.note).toBe(
      "Checked on 11/26/2026 (UTC). Only the holder's initials are shown; ask for an identity document to match them.",
    );
  });

  it("says why a policy does not cover, in each language", () => {
    const cancelled = { ...standing, status: "CANCELLED" as const, in_force: false };
    expect(verificationView(cancelled, "2026-11-26", "es")).toMatchObject({
      verdict: "Sin cobertura vigente",
      reason: "Estado de la póliza: cancelada.",
    });
    expect(verificationView(cancelled, "2026-11-26", "en").reason).toBe("The policy is cancelled.");
    const notYet = { ...standing, in_force: false };
    expect(verificationView(notYet, "2026-11-20", "es").reason).toBe("La cobertura empieza el 25/11/2026.");
    expect(verificationView(notYet, "2027-12-01", "en").reason).toBe("Cover ended on 11/24/2027.");
  });

  it("says a link names no policy in each language", () => {
    expect(notFoundView("es").title).toBe("Póliza no encontrada");
    expect(notFoundView("en").title).toBe("Policy not found");
  });

  it("follows the visitor: /verify/ is a public page (cookie, then Accept-Language, then the default)", () => {
    expect(isPublicPage("/verify/abc.def")).toBe(true);
    expect(negotiateLocale({ cookie: "en", acceptLanguage: "es-MX" })).toBe("en");
    expect(negotiateLocale({ acceptLanguage: "fr-FR, en;q=0.8" })).toBe("en");
    expect(negotiateLocale({ cookie: "xx", acceptLanguage: "es-CO,es;q=0.9" })).toBe("es");
  });
});
