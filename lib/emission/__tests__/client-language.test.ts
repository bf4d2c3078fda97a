import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { signInAs, uniqueEmail, type SignedIn } from "@/test/fixtures";

// localisation.md section 1: a new client's preferred_language, when the request does not give one, is
// the saved locale of the user who registers it, else DEFAULT_LOCALE; an API key's clients get
// DEFAULT_LOCALE; the request's own cookie and Accept-Language never count (the client is not the
// person at the keyboard).

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

afterEach(() => {
  vi.unstubAllEnvs();
});

function newClient(
  credentials: { token?: string; apiKey?: string },
  extra: Record<string, unknown> = {},
  headers = {},
) {
  return api("POST", "/api/v1/emission/clients", {
    ...credentials,
    headers,
    body: {
      first_name: "Ana",
      last_name: "Pérez",
      email: uniqueEmail("language"),
      birth_date: "1980-05-17",
      nationality: "MX",
      country_of_residence: "MX",
      ...extra,
    },
  });
}

describe("a new client's preferred_language", () => {
  it("is DEFAULT_LOCALE (es unless set) for a user who saved none, whatever the request's language", async () => {
    const seller = await signInAs("VENDEDOR");
    const spanish = await newClient(
      { token: seller.token },
      {},
      { "accept-language": "en-US", cookie: "NEXT_LOCALE=en" },
    );
    expect(spanish.status, spanish.text).toBe(201);
    expect(spanish.body.preferred_language).toBe("es");

    vi.stubEnv("DEFAULT_LOCALE", "en");
    const english = await newClient({ token: seller.token }, {}, { "accept-language": "es-MX" });
    expect(english.body.preferred_language).toBe("en");
  });

  it("is the registering user's saved locale over DEFAULT_LOCALE", async () => {
    const seller = await signInAs("VENDEDOR");
    expect((await api("PATCH", "/api/v1/auth/me", { token: seller.token, body: { locale: "en" } })).status).toBe(200);
    vi.stubEnv("DEFAULT_LOCALE", "es");
    expect((await newClient({ token: seller.token })).body.preferred_language).toBe("en");
  });

  it("is DEFAULT_LOCALE for an API key's client", async () => {
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "partner app", permissions: ["emission:write"] },
    });
    expect(key.status, key.text).toBe(201);
    vi.stubEnv("DEFAULT_LOCALE", "en");
    const client = await newClient({ apiKey: key.body.key }, {}, { "accept-language": "es-MX" });
    expect(client.status, client.text).toBe(201);
    expect(client.body.preferred_language).toBe("en");
  });

  it("is the one the request gives, and another value is 422 with its code", async () => {
    const seller = await signInAs("VENDEDOR");
    expect((await newClient({ token: seller.token }, { preferred_language: "en" })).body.preferred_language).toBe("en");
    const refused = await newClient({ token: seller.token }, { preferred_language: "pt" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { path: "preferred_language", message: "must be one of es, en", code: "invalid_choice" },
    ]);
  });
});
