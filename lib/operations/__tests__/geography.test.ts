import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, zones } from "@/db/schema";
import type { UserActor } from "@/lib/auth/actor";
import { ALL_PERMISSIONS } from "@/lib/auth/permissions";
import { createZone } from "@/lib/operations/create-zone";
import { api } from "@/test/api";
import { expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";

// Countries and zones (contract section 4).

type Country = { id: string; iso_code: string; name: string; continent: string };

let admin: SignedIn;
let seller: SignedIn;
let client: SignedIn;
const zoneName = (prefix = "Zone") => `${prefix} ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  [admin, seller, client] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR"), signInAs("CLIENTE")]);
});

async function postZone(body: Record<string, unknown>, token = admin.token) {
  return api("POST", "/api/v1/geography/zones", { body, token });
}

async function link(zoneId: string, country: string, token = admin.token) {
  return api("POST", `/api/v1/geography/zones/${zoneId}/countries/${country}`, { token });
}

async function countries(): Promise<Country[]> {
  return (await api("GET", "/api/v1/geography/countries", { token: admin.token })).body;
}

describe("GET /api/v1/geography/countries", () => {
  it("lists the 249 ISO 3166-1 countries, each with iso_code, name and continent", async () => {
    const list = await countries();
    expect(list).toHaveLength(249);
    for (const country of list) {
      expect(Object.keys(country).sort()).toEqual(["continent", "id", "iso_code", "name"]);
      expect(country.iso_code).toMatch(/^[A-Z]{2}$/);
      expect(country.name.length).toBeGreaterThan(0);
    }
    expect(new Set(list.map((country) => country.iso_code)).size).toBe(249);
    const byCode = new Map(list.map((country) => [country.iso_code, country]));
    expect(byCode.get("MX")).toMatchObject({ name: "Mexico", continent: "North America" });
    expect(byCode.get("ES")).toMatchObject({ name: "Spain", continent: "Europe" });
    expect(byCode.get("AR")?.continent).toBe("South America");
    expect(byCode.get("JP")?.continent).toBe("Asia");
    // Codes that countries-list carries but ISO 3166-1 does not assign.
    for (const code of ["XK", "AC", "TA"]) expect(byCode.has(code), code).toBe(false);
  });

  it("sorts them alphabetically by name, accented names among their letters", async () => {
    const names = (await countries()).map((country) => country.name);
    expect(names).toEqual([...names].sort(new Intl.Collator("en").compare));
    // Not byte order: Türkiye comes before Turkmenistan, not after Tuvalu.
    expect(names.indexOf("Türkiye")).toBeLessThan(names.indexOf("Turkmenistan"));
  });

  it("is readable by every role, CLIENTE included, and refuses anonymous callers (401)", async () => {
    for (const who of [seller, client]) {
      const response = await api("GET", "/api/v1/geography/countries", { token: who.token });
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(249);
    }
    const anonymous = await api("GET", "/api/v1/geography/countries");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });
});

describe("POST /api/v1/geography/zones", () => {
  it("creates a zone: 201 with no countries, and ZONE_CREATED", async () => {
    const name = zoneName("LATAM");
    const response = await postZone({ name, description: "Latin America" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), name, description: "Latin America", countries: [] });
    const entry = await expectAuditRow("ZONE_CREATED", response.body.id);
    expect(entry).toMatchObject({ entity: "zones", userId: admin.user.id });
  });

  it("takes the description as optional", async () => {
    const response = await postZone({ name: zoneName() });
    expect(response.status).toBe(201);
    expect(response.body.description).toBeNull();
  });

  it("answers 409 for a name already taken, and writes no second zone", async () => {
    const name = zoneName("Europe");
    expect((await postZone({ name })).status).toBe(201);
    const duplicate = await postZone({ name, description: "again" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.detail).toBe("a zone with this name already exists");
    expect(await (await getDb()).select().from(zones).where(eq(zones.name, name))).toHaveLength(1);
  });

  it("answers one 201 and one 409 to two simultaneous creates of one name", async () => {
    const name = zoneName("Race");
    const statuses = (await Promise.all([postZone({ name }), postZone({ name })])).map((response) => response.status);
    expect(statuses.sort()).toEqual([201, 409]);
  });

  it("refuses a blank name with 422", async () => {
    const response = await postZone({ name: "" });
    expect(response.status).toBe(422);
    expect(response.body.errors[0].path).toBe("name");
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    expect((await postZone({ name: zoneName() }, seller.token)).status).toBe(403);
    expect((await postZone({ name: zoneName() }, client.token)).status).toBe(403);
    expect((await api("POST", "/api/v1/geography/zones", { body: { name: zoneName() } })).status).toBe(401);
  });

  it("a failing create leaves neither the zone nor an audit entry", async () => {
    const db = await getDb();
    const [anyCompany] = await db.query.companies.findMany({ limit: 1 });
    // An actor without a user row: the zone insert succeeds, the audit insert fails on its foreign key.
    const ghost: UserActor = {
      kind: "user",
      locale: null,
      userId: randomUUID(),
      sessionId: randomUUID(),
      email: "ghost@example.com",
      isVerified: true,
      companyId: anyCompany.id,
      businessUnitId: null,
      roles: ["ADMIN"],
      permissions: new Set(ALL_PERMISSIONS),
    };
    const name = zoneName("Ghost");
    await expect(
      createZone({ ctx: { db, actor: ghost, ipAddress: null, requestId: null }, input: { name } }),
    ).rejects.toThrow();
    expect(await db.select().from(zones).where(eq(zones.name, name))).toHaveLength(0);
    const entries = await db.select().from(auditLogs).where(eq(auditLogs.action, "ZONE_CREATED"));
    expect(entries.filter((entry) => entry.details.name === name)).toHaveLength(0);
  });
});

describe("GET /api/v1/geography/zones", () => {
  it("lists zones by name with their countries, for every role", async () => {
    const second = await postZone({ name: zoneName("ZZ last") });
    const first = await postZone({ name: zoneName("AA first") });
    await link(first.body.id, "MX");
    await link(first.body.id, "AR");

    for (const who of [admin, seller, client]) {
      const response = await api("GET", "/api/v1/geography/zones", { token: who.token });
      expect(response.status).toBe(200);
      const ids = response.body.map((zone: { id: string }) => zone.id);
      expect(ids.indexOf(first.body.id)).toBeLessThan(ids.indexOf(second.body.id));
      const listed = response.body.find((zone: { id: string }) => zone.id === first.body.id);
      expect(listed.countries.map((country: Country) => country.iso_code)).toEqual(["AR", "MX"]);
      expect(Object.keys(listed.countries[0]).sort()).toEqual(["id", "iso_code", "name"]);
      expect(response.body.find((zone: { id: string }) => zone.id === second.body.id).countries).toEqual([]);
    }
    expect((await api("GET", "/api/v1/geography/zones")).status).toBe(401);
  });
});

describe("POST /api/v1/geography/zones/{zone_id}/countries/{country_id}", () => {
  it("links a country by its UUID and by its ISO code: 200 with the zone and its countries", async () => {
    const zone = await postZone({ name: zoneName("Iberia") });
    const spain = (await countries()).find((country) => country.iso_code === "ES")!;

    const byId = await link(zone.body.id, spain.id);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual({ ...zone.body, countries: [{ id: spain.id, iso_code: "ES", name: "Spain" }] });

    const byCode = await link(zone.body.id, "PT");
    expect(byCode.status).toBe(200);
    expect(byCode.body.countries.map((country: Country) => country.iso_code)).toEqual(["PT", "ES"]);
    expect(byCode.body.countries.map((country: Country) => country.name)).toEqual(["Portugal", "Spain"]);
  });

  it("changes nothing when a country is linked twice, by either spelling", async () => {
    const zone = await postZone({ name: zoneName("Twice") });
    const mexico = (await countries()).find((country) => country.iso_code === "MX")!;
    const first = await link(zone.body.id, "MX");
    const again = await link(zone.body.id, "MX");
    const byId = await link(zone.body.id, mexico.id);
    for (const response of [first, again, byId]) {
      expect(response.status).toBe(200);
      expect(response.body.countries).toEqual([{ id: mexico.id, iso_code: "MX", name: "Mexico" }]);
    }
    const links = await (await getDb()).select().from(auditLogs).where(eq(auditLogs.entityId, zone.body.id));
    expect(links.filter((entry) => entry.action === "ZONE_COUNTRY_LINKED")).toHaveLength(1);
  });

  it("answers 404 for an unknown zone or country", async () => {
    const zone = await postZone({ name: zoneName() });
    const unknownZone = await link(randomUUID(), "MX");
    expect(unknownZone.status).toBe(404);
    expect(unknownZone.body.detail).toBe("zone not found");
    const unknownId = await link(zone.body.id, randomUUID());
    expect(unknownId.status).toBe(404);
    expect(unknownId.body.detail).toBe("country not found");
    const unknownCode = await link(zone.body.id, "ZZ");
    expect(unknownCode.status).toBe(404);
    expect(unknownCode.body.detail).toBe("country not found");
  });

  it("refuses a lower-case code or a malformed id with 422", async () => {
    const zone = await postZone({ name: zoneName() });
    const lower = await link(zone.body.id, "mx");
    expect(lower.status).toBe(422);
    expect(lower.body.errors[0].path).toBe("country_id");
    expect((await link(zone.body.id, "MEX")).status).toBe(422);
    expect((await link(zone.body.id, "123")).status).toBe(422);
    const badZone = await link("not-a-zone", "MX");
    expect(badZone.status).toBe(422);
    expect(badZone.body.errors[0].path).toBe("zone_id");
    const after = await api("GET", "/api/v1/geography/zones", { token: admin.token });
    expect(after.body.find((item: { id: string }) => item.id === zone.body.id).countries).toEqual([]);
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    const zone = await postZone({ name: zoneName() });
    expect((await link(zone.body.id, "MX", seller.token)).status).toBe(403);
    expect((await link(zone.body.id, "MX", client.token)).status).toBe(403);
    expect((await api("POST", `/api/v1/geography/zones/${zone.body.id}/countries/MX`)).status).toBe(401);
  });
});
