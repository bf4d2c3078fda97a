import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { signInAs, type SignedIn } from "@/test/fixtures";

// GET /api/v1/geography/countries honours Accept-Language for `name` (localisation.md section 3): the
// language negotiated among es and en by order and q-values, English without the header or without a
// listed language; sorted by the name in that language's collation; every other field unchanged.

type Country = { id: string; iso_code: string; name: string; continent: string };

let seller: SignedIn;
let english: Country[];

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
  english = (await api("GET", "/api/v1/geography/countries", { token: seller.token })).body;
});

async function countries(acceptLanguage: string) {
  return api<Country[]>("GET", "/api/v1/geography/countries", {
    token: seller.token,
    headers: { "accept-language": acceptLanguage },
  });
}

const nameOf = (list: Country[], code: string) => list.find((country) => country.iso_code === code)?.name;
const byCode = (list: Country[]) =>
  [...list].sort((a, b) => a.iso_code.localeCompare(b.iso_code)).map(({ name: _, ...rest }) => rest);

describe("GET /api/v1/geography/countries in the caller's language", () => {
  it("answers English without the header, as always: stored names, sorted with the English collation", async () => {
    expect(english).toHaveLength(249);
    expect(nameOf(english, "MX")).toBe("Mexico");
    expect(nameOf(english, "US")).toBe("United States");
    const names = english.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
  });

  it("names the countries in Spanish for es, sorted with the Spanish collation; every other field unchanged", async () => {
    const response = await countries("es");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-language")).toBe("es");
    expect(response.headers.get("vary")).toMatch(/Accept-Language/i);
    const list = response.body;
    expect(nameOf(list, "MX")).toBe("México");
    expect(nameOf(list, "US")).toBe("Estados Unidos");
    expect(nameOf(list, "DE")).toBe("Alemania");
    expect(nameOf(list, "ES")).toBe("España");
    const names = list.map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("es").compare));
    // Accents sort among their letters: Perú between Panamá and Polonia, not after Zimbabue.
    expect(names.indexOf("Perú")).toBeGreaterThan(names.indexOf("Panamá"));
    expect(names.indexOf("Perú")).toBeLessThan(names.indexOf("Polonia"));
    // Ids, codes and continents (in English) are those of the English answer.
    expect(byCode(list)).toEqual(byCode(english));
    expect(list.find((country) => country.iso_code === "MX")?.continent).toBe("North America");
  });

  it("reads a regional tag as its language (es-MX, es-419)", async () => {
    for (const header of ["es-MX", "es-419,es;q=0.9", "es-CO, en;q=0.5"]) {
      expect(nameOf((await countries(header)).body, "MX"), header).toBe("México");
    }
  });

  it("answers English for en: the same list as without the header", async () => {
    const response = await countries("en");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-language")).toBe("en");
    expect(response.body).toEqual(english);
  });

  it('negotiates by order and q-values: "fr-FR, en;q=0.8" is English, "en;q=0.5, es" Spanish', async () => {
    expect((await countries("fr-FR, en;q=0.8")).body).toEqual(english);
    expect(nameOf((await countries("en;q=0.5, es")).body, "US")).toBe("Estados Unidos");
  });

  it("answers English for a language that is not listed, and for a malformed header", async () => {
    for (const header of ["fr-FR", "pt-BR, de;q=0.9", "*", ";;;"]) {
      const response = await countries(header);
      expect(response.status, header).toBe(200);
      expect(response.body, header).toEqual(english);
    }
  });
});
