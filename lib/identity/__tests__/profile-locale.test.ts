import { encode } from "next-auth/jwt";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestClient, signInAs, type SignedIn } from "@/test/fixtures";

// localisation.md section 1: a user's saved language. GET /auth/me returns `locale` (null until saved);
// PATCH /auth/me {locale} saves it for any signed-in user (bearer or cookie), never for an API key.

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

function patchMe(body: unknown, credentials: { token?: string; apiKey?: string; headers?: Record<string, string> }) {
  return api("PATCH", "/api/v1/auth/me", { body, ...credentials });
}

describe("GET /api/v1/auth/me locale", () => {
  it("is null until the user saves one", async () => {
    const caller = await signInAs("VENDEDOR");
    const res = await api("GET", "/api/v1/auth/me", { token: caller.token });
    expect(res.status).toBe(200);
    expect(res.body.locale).toBeNull();
  });
});

describe("PATCH /api/v1/auth/me", () => {
  it.each(["VENDEDOR", "CLIENTE", "ADMIN"] as const)(
    "saves the locale of a %s: 200 with the profile, and GET then returns it",
    async (role) => {
      const caller = await signInAs(role);
      const before = await api("GET", "/api/v1/auth/me", { token: caller.token });
      const res = await patchMe({ locale: "en" }, { token: caller.token });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ ...before.body, locale: "en" });
      expect((await api("GET", "/api/v1/auth/me", { token: caller.token })).body.locale).toBe("en");
      const again = await patchMe({ locale: "es" }, { token: caller.token });
      expect(again.status).toBe(200);
      expect(again.body.locale).toBe("es");
    },
  );

  it("forgets the saved locale with null", async () => {
    const caller = await signInAs("VENDEDOR");
    await patchMe({ locale: "en" }, { token: caller.token });
    const res = await patchMe({ locale: null }, { token: caller.token });
    expect(res.status).toBe(200);
    expect(res.body.locale).toBeNull();
  });

  it("carries the saved locale to the user's next requests (the default language of its new clients)", async () => {
    const seller = await signInAs("VENDEDOR");
    await patchMe({ locale: "en" }, { token: seller.token });
    const client = await createTestClient(seller);
    expect(client.preferred_language).toBe("en");
  });

  it("answers 422 (validation error with a code per item) for a locale that is not listed, and keeps the saved one", async () => {
    const caller = await signInAs("VENDEDOR");
    await patchMe({ locale: "es" }, { token: caller.token });
    for (const locale of ["fr", "EN", "es-MX", "", 3]) {
      const res = await patchMe({ locale }, { token: caller.token });
      expect(res.status, String(locale)).toBe(422);
      expect(res.body).toEqual({
        detail: "invalid body 'locale': must be one of es, en",
        code: "validation_error",
        errors: [{ path: "locale", message: "must be one of es, en", code: "invalid_choice" }],
      });
    }
    expect((await api("GET", "/api/v1/auth/me", { token: caller.token })).body.locale).toBe("es");
  });

  it("answers 422 without locale and for another field", async () => {
    const caller = await signInAs("VENDEDOR");
    const missing = await patchMe({}, { token: caller.token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual([{ path: "locale", message: expect.any(String), code: "required" }]);
    const extra = await patchMe({ locale: "en", email: "other@example.com" }, { token: caller.token });
    expect(extra.status).toBe(422);
    expect(extra.body.errors).toEqual([{ path: "", message: expect.any(String), code: "unknown_field" }]);
  });

  it("saves it through the session cookie from our own pages (and refuses it cross-site: 403)", async () => {
    const caller = await signInAs("CLIENTE");
    const token = await encode({
      token: { sub: caller.user.id, sid: caller.sessionId },
      secret: process.env.AUTH_SECRET!,
    });
    const cookie = `next-auth.session-token=${token}`;
    const crossSite = await patchMe({ locale: "en" }, { headers: { cookie, "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const res = await patchMe({ locale: "en" }, { headers: { cookie, "sec-fetch-site": "same-origin" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: caller.user.id, locale: "en" });
  });

  it("refuses an API key (403), as GET /auth/me does: a key is not a user", async () => {
    const key = await api("POST", "/api/v1/auth/api-keys", {
      token: admin.token,
      body: { name: "crm", permissions: ["geography:read"] },
    });
    const res = await patchMe({ locale: "en" }, { apiKey: key.body.key });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: "this operation needs a signed-in user", code: "forbidden" });
  });

  it("answers 401 without credentials", async () => {
    const res = await patchMe({ locale: "en" }, {});
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ detail: "not authenticated", code: "unauthorized" });
  });
});
