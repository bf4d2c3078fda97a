import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { api } from "@/test/api";
import {
  createTestBusinessUnit,
  createTestClient,
  createTestCompany,
  expectAuditRow,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";

// POST/GET /api/v1/emission/clients (contract sections 2 and 6): the ClientResponse, the e-mail unique
// in any letter case, validation with paths, who may create and who sees which clients.

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function clientBody(overrides: Record<string, unknown> = {}) {
  return {
    first_name: "Lucía",
    last_name: "Fernández",
    email: uniqueEmail("client"),
    birth_date: "1979-11-03",
    nationality: "MX",
    country_of_residence: "US",
    acquisition_channel: "agency",
    ...overrides,
  };
}

function create(token: string | undefined, body: unknown) {
  return api("POST", "/api/v1/emission/clients", { token, body });
}

function list(token: string, query = "") {
  return api("GET", `/api/v1/emission/clients${query}`, { token });
}

describe("POST /api/v1/emission/clients", () => {
  it("creates a client (201) with exactly the contract's fields, in its creator's company; audited CLIENT_CREATED", async () => {
    const body = clientBody();
    const response = await create(seller.token, body);
    expect(response.status, response.text).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      first_name: "Lucía",
      last_name: "Fernández",
      email: body.email,
      birth_date: "1979-11-03",
      nationality: "MX",
      country_of_residence: "US",
      acquisition_channel: "agency",
      company_id: seller.user.company_id,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      // Beyond the contract's fields: the messaging-app phone (7b5e3b6), null when not given, and the
      // language of the client's documents (localisation.md section 1): the seller saved none, so the default.
      phone_e164: null,
      preferred_language: "es",
    });
    const audit = await expectAuditRow("CLIENT_CREATED", response.body.id);
    expect(audit.userId).toBe(seller.user.id);
    expect(audit.entity).toBe("clients");
  });

  it("leaves acquisition_channel null when not given", async () => {
    const { acquisition_channel: _, ...body } = clientBody();
    const response = await create(seller.token, body);
    expect(response.status).toBe(201);
    expect(response.body.acquisition_channel).toBeNull();
  });

  it("records the company and business unit of a seller of another company", async () => {
    const company = await createTestCompany();
    const unit = await createTestBusinessUnit(company.id);
    const unitSeller = await signInAs("VENDEDOR", { companyId: company.id, businessUnitId: unit.id });
    const response = await create(unitSeller.token, clientBody());
    expect(response.status).toBe(201);
    expect(response.body.company_id).toBe(company.id);
    const [row] = await (await getDb()).select().from(clients).where(eq(clients.id, response.body.id));
    expect(row.businessUnitId).toBe(unit.id);
  });

  it("answers 409 for an e-mail that exists in another letter case, and stores nothing", async () => {
    const email = uniqueEmail("dup");
    expect((await create(seller.token, clientBody({ email }))).status).toBe(201);
    const response = await create(seller.token, clientBody({ email: email.toUpperCase(), first_name: "Otra" }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: "a client with this e-mail already exists", code: "conflict" });
    const rows = await (await getDb()).select().from(clients).where(eq(clients.email, email));
    expect(rows).toHaveLength(1);
  });

  it("answers 409 for an e-mail that a client of another company has", async () => {
    const other = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    const email = uniqueEmail("shared");
    expect((await create(other.token, clientBody({ email }))).status).toBe(201);
    const response = await create(
      seller.token,
      clientBody({ email: `  ${email.replace(/^./, (c) => c.toUpperCase())}` }),
    );
    expect(response.status).toBe(409);
  });

  it.each([
    ["a malformed e-mail", { email: "not-an-email" }, "email"],
    ["an e-mail without a domain", { email: "ana@" }, "email"],
    ["a lower-case nationality", { nationality: "mx" }, "nationality"],
    ["an unknown nationality", { nationality: "XX" }, "nationality"],
    ["a three-letter country of residence", { country_of_residence: "MEX" }, "country_of_residence"],
    ["an unknown country of residence", { country_of_residence: "XX" }, "country_of_residence"],
    ["a lower-case country of residence", { country_of_residence: "us" }, "country_of_residence"],
    ["a birth date written otherwise", { birth_date: "03/11/1979" }, "birth_date"],
    ["an impossible birth date", { birth_date: "1979-02-30" }, "birth_date"],
    ["a month 13", { birth_date: "1979-13-01" }, "birth_date"],
    ["a missing first_name", { first_name: undefined }, "first_name"],
    ["a blank last_name", { last_name: "   " }, "last_name"],
    ["a missing email", { email: undefined }, "email"],
    ["a missing birth_date", { birth_date: undefined }, "birth_date"],
    ["a missing nationality", { nationality: undefined }, "nationality"],
    ["a missing country_of_residence", { country_of_residence: undefined }, "country_of_residence"],
  ])("answers 422 for %s, naming the field in errors", async (_, bad, path) => {
    const body = clientBody(bad);
    const response = await create(seller.token, body);
    expect(response.status, response.text).toBe(422);
    expect(typeof response.body.detail).toBe("string");
    expect(response.body.errors.map((error: { path: string }) => error.path)).toContain(path);
    if (typeof body.email === "string" && body.email.includes("@example.com")) {
      expect(await (await getDb()).select().from(clients).where(eq(clients.email, body.email))).toEqual([]);
    }
  });

  describe("phone_e164 (trust.md section 7): parsed with libphonenumber, stored and returned as E.164", () => {
    it.each([
      ["a national number of the country of residence", "US", "(310) 555-0199", "+13105550199"],
      ["a national number with its trunk prefix", "GB", "07400 123456", "+447400123456"],
      ["a Mexican national number", "MX", "55 1234 5678", "+525512345678"],
      ["an E.164 number", "MX", "+525512345678", "+525512345678"],
      ["an international number of another country than the residence", "ES", "+1 310 555 0199", "+13105550199"],
    ])("%s (%s: %s) is stored as %s", async (_, country_of_residence, phone_e164, stored) => {
      const response = await create(seller.token, clientBody({ country_of_residence, phone_e164 }));
      expect(response.status, response.text).toBe(201);
      expect(response.body.phone_e164).toBe(stored);
      const [row] = await (await getDb()).select().from(clients).where(eq(clients.id, response.body.id));
      expect(row.phoneE164).toBe(stored);
    });

    it.each([
      ["a number that is not valid in the country of residence", "US", "555 0199"],
      ["a national number of another country", "ES", "55 1234 5678"],
      ["an E.164 number outside every range of its country", "MX", "+5215512345678"],
      ["letters", "MX", "55 CALL NOW"],
      ["a national number where libphonenumber knows no numbering (Antarctica)", "AQ", "12345678"],
    ])("%s: 422 naming phone_e164, and no client", async (_, country_of_residence, phone_e164) => {
      const email = uniqueEmail("phone");
      const response = await create(seller.token, clientBody({ email, country_of_residence, phone_e164 }));
      expect(response.status, response.text).toBe(422);
      expect(response.body.code).toBe("validation_error");
      expect(response.body.errors).toEqual([expect.objectContaining({ path: "phone_e164" })]);
      expect(await (await getDb()).select().from(clients).where(eq(clients.email, email))).toEqual([]);
    });
  });

  it("lists every missing field at once", async () => {
    const response = await create(seller.token, {});
    expect(response.status).toBe(422);
    const paths = response.body.errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(
      expect.arrayContaining(["first_name", "last_name", "email", "birth_date", "nationality", "country_of_residence"]),
    );
  });

  it("answers 401 without credentials, with a Bearer challenge", async () => {
    const response = await create(undefined, clientBody());
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("refuses a CLIENTE (403) and stores nothing", async () => {
    const cliente = await signInAs("CLIENTE");
    const body = clientBody();
    const response = await create(cliente.token, body);
    expect(response.status).toBe(403);
    expect(await (await getDb()).select().from(clients).where(eq(clients.email, body.email))).toEqual([]);
  });
});

describe("GET /api/v1/emission/clients", () => {
  // A company of its own, so its lists hold only what these tests create.
  let companyId: string;
  let unitId: string;
  let companySeller: SignedIn;
  let unitSeller: SignedIn;
  let otherUnitSeller: SignedIn;
  const tag = `Zq${randomUUID().slice(0, 6)}`;
  const made: Record<string, { id: string }> = {};

  beforeAll(async () => {
    companyId = (await createTestCompany()).id;
    unitId = (await createTestBusinessUnit(companyId)).id;
    const otherUnitId = (await createTestBusinessUnit(companyId)).id;
    [companySeller, unitSeller, otherUnitSeller] = await Promise.all([
      signInAs("VENDEDOR", { companyId }),
      signInAs("VENDEDOR", { companyId, businessUnitId: unitId }),
      signInAs("VENDEDOR", { companyId, businessUnitId: otherUnitId }),
    ]);
    // In creation order: the list answers newest first.
    made.first = await createTestClient(companySeller, {
      first_name: "Beatriz",
      last_name: `${tag}Solís`,
      email: `beatriz.${tag}@example.com`,
    });
    made.second = await createTestClient(unitSeller, {
      first_name: "Carlos",
      last_name: `${tag}Ruiz`,
      email: `carlos.${tag}@example.com`,
    });
    made.third = await createTestClient(otherUnitSeller, {
      first_name: "Dolores",
      last_name: `${tag}Vega`,
      email: `dolores.${tag}@example.com`,
    });
    made.percent = await createTestClient(companySeller, {
      first_name: "100%Real",
      last_name: `${tag}Pct`,
      email: `pct.${tag}@example.com`,
    });
    made.underscore = await createTestClient(companySeller, {
      first_name: "Under_Score",
      last_name: `${tag}Us`,
      email: `us.${tag}@example.com`,
    });
    made.lookalike = await createTestClient(companySeller, {
      first_name: "UnderXScore",
      last_name: `${tag}Ux`,
      email: `ux.${tag}@example.com`,
    });
  });

  it("answers a page {items, total, page, page_size}, newest first, with the default page size 50", async () => {
    const response = await list(companySeller.token);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual([
      "items",
      "next_cursor",
      "page",
      "page_size",
      "total",
      "total_is_estimate",
    ]);
    expect(response.body).toMatchObject({ total: 6, page: 1, page_size: 50 });
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual(
      [made.lookalike, made.underscore, made.percent, made.third, made.second, made.first].map((client) => client.id),
    );
    expect(Object.keys(response.body.items[0]).sort()).toEqual(
      [
        "acquisition_channel",
        "birth_date",
        "company_id",
        "country_of_residence",
        "created_at",
        "email",
        "first_name",
        "id",
        "last_name",
        "nationality",
        "phone_e164",
        "preferred_language",
      ].sort(),
    );
  });

  it("pages with page and page_size", async () => {
    const second = await list(companySeller.token, "?page=2&page_size=4");
    expect(second.body).toMatchObject({ total: 6, page: 2, page_size: 4 });
    expect(second.body.items.map((item: { id: string }) => item.id)).toEqual([made.second.id, made.first.id]);
    expect((await list(companySeller.token, "?page=3&page_size=4")).body.items).toEqual([]);
  });

  it.each([["page=0"], ["page_size=0"], ["page_size=201"], ["page=x"]])("answers 422 for %s", async (query) => {
    expect((await list(companySeller.token, `?${query}`)).status).toBe(422);
  });

  it("searches by the start of a first name, last name, full name or e-mail, in any letter case", async () => {
    const ids = async (q: string) =>
      (await list(companySeller.token, `?q=${encodeURIComponent(q)}`)).body.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await ids("beatriz")).toEqual([made.first.id]);
    expect(await ids(`${tag}ruiz`.toUpperCase())).toEqual([made.second.id]);
    expect(await ids(`Carlos ${tag}R`)).toEqual([made.second.id]);
    expect(await ids(`dolores.${tag}@`)).toEqual([made.third.id]);
    // A prefix, not a substring.
    expect(await ids("olores")).toEqual([]);
    const response = await list(companySeller.token, `?q=${tag}`);
    expect(response.body.total).toBe(6);
  });

  it("treats % and _ in q as plain characters", async () => {
    const ids = async (q: string) =>
      (await list(companySeller.token, `?q=${encodeURIComponent(q)}`)).body.items.map(
        (item: { id: string }) => item.id,
      );
    expect(await ids("100%")).toEqual([made.percent.id]);
    expect(await ids("%")).toEqual([]);
    expect(await ids("Under_")).toEqual([made.underscore.id]);
    expect(await ids("_")).toEqual([]);
  });

  it("shows a seller of a business unit only its unit's clients", async () => {
    const response = await list(unitSeller.token);
    expect(response.body.total).toBe(1);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([made.second.id]);
  });

  it("shows a seller of another company none of them", async () => {
    const response = await list(seller.token, `?q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      items: [],
      total: 0,
      total_is_estimate: false,
      page: 1,
      page_size: 50,
      next_cursor: null,
    });
  });

  it("shows ADMIN every company's clients", async () => {
    const response = await list(admin.token, `?q=${tag}&page_size=200`);
    expect(response.body.total).toBe(6);
    const mine = await createTestClient(seller, { last_name: `${tag}Admin` });
    expect((await list(admin.token, `?q=${tag}`)).body.items[0].id).toBe(mine.id);
  });

  it("refuses a CLIENTE (403) and an anonymous caller (401)", async () => {
    const cliente = await signInAs("CLIENTE");
    expect((await list(cliente.token)).status).toBe(403);
    expect((await api("GET", "/api/v1/emission/clients")).status).toBe(401);
  });

  describe("GET /api/v1/emission/clients/{id}", () => {
    it("answers the client within scope", async () => {
      const response = await api("GET", `/api/v1/emission/clients/${made.second.id}`, { token: unitSeller.token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: made.second.id, first_name: "Carlos", company_id: companyId });
      expect(
        (await api("GET", `/api/v1/emission/clients/${made.second.id}`, { token: companySeller.token })).status,
      ).toBe(200);
      expect((await api("GET", `/api/v1/emission/clients/${made.second.id}`, { token: admin.token })).status).toBe(200);
    });

    it("answers 404 for a client of another business unit or company, as for an unknown id", async () => {
      for (const [token, id] of [
        [unitSeller.token, made.first.id],
        [otherUnitSeller.token, made.second.id],
        [seller.token, made.second.id],
        [companySeller.token, randomUUID()],
      ]) {
        const response = await api("GET", `/api/v1/emission/clients/${id}`, { token });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: "client not found", code: "not_found" });
      }
    });

    it("answers 422 for a malformed id and 403 for a CLIENTE", async () => {
      expect((await api("GET", "/api/v1/emission/clients/not-a-uuid", { token: admin.token })).status).toBe(422);
      const cliente = await signInAs("CLIENTE");
      expect((await api("GET", `/api/v1/emission/clients/${made.first.id}`, { token: cliente.token })).status).toBe(
        403,
      );
    });
  });
});
