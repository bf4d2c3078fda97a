import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { auditLogs, clients } from "@/db/schema";
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

// PATCH /api/v1/emission/clients/{id} (localisation.md section 1): emission:write, scoped like the
// client; the fields given change with the rules of creation; audited CLIENT_UPDATED in the same
// transaction.

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
});

function patch(token: string | undefined, id: string, body: unknown, apiKey?: string) {
  return api("PATCH", `/api/v1/emission/clients/${id}`, { token, apiKey, body });
}

async function rowOf(id: string) {
  const [row] = await (await getDb()).select().from(clients).where(eq(clients.id, id));
  return row;
}

describe("PATCH /api/v1/emission/clients/{id}", () => {
  it("changes the fields given (200, the client as GET shows it) and audits CLIENT_UPDATED", async () => {
    const client = await createTestClient(seller, { phone_e164: "+525512345678" });
    const before = (await api("GET", `/api/v1/emission/clients/${client.id}`, { token: seller.token })).body;
    expect(before.preferred_language).toBe("es");
    const email = uniqueEmail("renamed");
    const response = await patch(seller.token, client.id, {
      first_name: "  Ana María ",
      last_name: "Pérez López",
      email: email.toUpperCase(),
      preferred_language: "en",
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      ...before,
      first_name: "Ana María",
      last_name: "Pérez López",
      email,
      preferred_language: "en",
    });
    expect((await api("GET", `/api/v1/emission/clients/${client.id}`, { token: seller.token })).body).toEqual(
      response.body,
    );
    const audit = await expectAuditRow("CLIENT_UPDATED", client.id);
    expect(audit.userId).toBe(seller.user.id);
    expect(audit.entity).toBe("clients");
    expect(audit.companyId).toBe(client.company_id);
    expect(audit.details).toEqual({ changes: ["first_name", "last_name", "email", "preferred_language"] });
  });

  it("changes only preferred_language, leaving every other field as it was", async () => {
    const client = await createTestClient(seller);
    const before = (await api("GET", `/api/v1/emission/clients/${client.id}`, { token: seller.token })).body;
    const response = await patch(seller.token, client.id, { preferred_language: "en" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...before, preferred_language: "en" });
  });

  it("reads a national phone in the country of residence, the new one when it changes too", async () => {
    const client = await createTestClient(seller, { country_of_residence: "MX" });
    const inMexico = await patch(seller.token, client.id, { phone_e164: "55 1234 5678" });
    expect(inMexico.status, inMexico.text).toBe(200);
    expect(inMexico.body.phone_e164).toBe("+525512345678");
    const moved = await patch(seller.token, client.id, { country_of_residence: "US", phone_e164: "(310) 555-0199" });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ country_of_residence: "US", phone_e164: "+13105550199" });
    expect((await rowOf(client.id)).phoneE164).toBe("+13105550199");
    const removed = await patch(seller.token, client.id, { phone_e164: null });
    expect(removed.status).toBe(200);
    expect(removed.body.phone_e164).toBeNull();
  });

  it("answers 422 for a phone that is not valid in the country of residence, and changes nothing", async () => {
    const client = await createTestClient(seller, { country_of_residence: "US" });
    const response = await patch(seller.token, client.id, { first_name: "Never", phone_e164: "555 0199" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: "invalid body 'phone_e164': is not a valid phone number of US",
      code: "validation_error",
      errors: [{ path: "phone_e164", message: "is not a valid phone number of US", code: "invalid_phone" }],
    });
    expect((await rowOf(client.id)).firstName).toBe("Ana");
  });

  it("answers 422 for an unknown country of residence (unknown_country), and changes nothing", async () => {
    const client = await createTestClient(seller);
    const response = await patch(seller.token, client.id, { country_of_residence: "XX", preferred_language: "en" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      detail: "country_of_residence: XX is not an ISO 3166-1 country code",
      code: "validation_error",
      errors: [{ path: "country_of_residence", message: "unknown country code", code: "unknown_country" }],
    });
    const row = await rowOf(client.id);
    expect([row.countryOfResidence, row.preferredLanguage]).toEqual(["MX", "es"]);
  });

  it("answers 409 for an e-mail another client has, in any letter case and any company, and changes nothing", async () => {
    const other = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    const taken = await createTestClient(other);
    const client = await createTestClient(seller);
    const response = await patch(seller.token, client.id, { email: taken.email.toUpperCase(), first_name: "Never" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ detail: "a client with this e-mail already exists", code: "conflict" });
    const row = await rowOf(client.id);
    expect([row.email, row.firstName]).toEqual([client.email, "Ana"]);
    const audits = await (await getDb()).select().from(auditLogs).where(eq(auditLogs.entityId, client.id));
    expect(audits.map((audit) => audit.action)).toEqual(["CLIENT_CREATED"]);
  });

  it("keeps the client's own e-mail in another letter case (200)", async () => {
    const client = await createTestClient(seller);
    const response = await patch(seller.token, client.id, { email: client.email.toUpperCase() });
    expect(response.status, response.text).toBe(200);
    expect(response.body.email).toBe(client.email);
  });

  it.each([
    ["an empty body", {}, [{ path: "", message: "give at least one field to change", code: "no_changes" }]],
    [
      "a field the route does not change",
      { birth_date: "1990-01-01" },
      [{ path: "", message: 'Unrecognized key: "birth_date"', code: "unknown_field" }],
    ],
    [
      "an unknown language",
      { preferred_language: "fr" },
      [{ path: "preferred_language", message: "must be one of es, en", code: "invalid_choice" }],
    ],
    ["a blank first name", { first_name: "  " }, [{ path: "first_name", message: "is required", code: "required" }]],
    [
      "a malformed e-mail",
      { email: "not-an-email" },
      [{ path: "email", message: "must be a valid e-mail address", code: "invalid_email" }],
    ],
    [
      "a lower-case country",
      { country_of_residence: "mx" },
      [
        {
          path: "country_of_residence",
          message: "must be a two-letter upper-case ISO country code",
          code: "invalid_format",
        },
      ],
    ],
  ])("answers 422 for %s, with a code per item", async (_, body, errors) => {
    const client = await createTestClient(seller);
    const response = await patch(seller.token, client.id, body);
    expect(response.status, response.text).toBe(422);
    expect(response.body.code).toBe("validation_error");
    expect(response.body.errors).toEqual(errors);
  });

  describe("scope: as GET, a client outside the caller's scope is not found (404)", () => {
    let companyId: string;
    let unitSeller: SignedIn;
    let otherUnitSeller: SignedIn;
    let companySeller: SignedIn;
    let clientId: string;

    beforeAll(async () => {
      companyId = (await createTestCompany()).id;
      const unitId = (await createTestBusinessUnit(companyId)).id;
      const otherUnitId = (await createTestBusinessUnit(companyId)).id;
      [companySeller, unitSeller, otherUnitSeller] = await Promise.all([
        signInAs("VENDEDOR", { companyId }),
        signInAs("VENDEDOR", { companyId, businessUnitId: unitId }),
        signInAs("VENDEDOR", { companyId, businessUnitId: otherUnitId }),
      ]);
      clientId = (await createTestClient(unitSeller)).id;
    });

    it("lets the unit's seller, the company's seller and ADMIN edit it", async () => {
      for (const [caller, name] of [
        [unitSeller, "Unidad"],
        [companySeller, "Empresa"],
        [admin, "Admin"],
      ] as const) {
        const response = await patch(caller.token, clientId, { first_name: name });
        expect(response.status, response.text).toBe(200);
        expect(response.body.first_name).toBe(name);
      }
    });

    it("answers 404 to a seller of another unit or company, and for an unknown id; nothing changes", async () => {
      for (const [token, id] of [
        [otherUnitSeller.token, clientId],
        [seller.token, clientId],
        [companySeller.token, randomUUID()],
      ]) {
        const response = await patch(token, id, { first_name: "Probed" });
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ detail: "client not found", code: "not_found" });
      }
      expect((await rowOf(clientId)).firstName).not.toBe("Probed");
    });

    it("lets an API key of the company with emission:write alone edit it, and not another company's key", async () => {
      const key = async (company: string) =>
        (
          await api("POST", "/api/v1/auth/api-keys", {
            token: admin.token,
            body: { name: "crm", permissions: ["emission:write"], company_id: company },
          })
        ).body.key as string;
      const own = await patch(undefined, clientId, { preferred_language: "en" }, await key(companyId));
      expect(own.status, own.text).toBe(200);
      expect(own.body.preferred_language).toBe("en");
      const audit = await expectAuditRow("CLIENT_UPDATED", clientId);
      expect(audit.apiKeyId).not.toBeNull();
      const foreign = await patch(
        undefined,
        clientId,
        { preferred_language: "es" },
        await key((await createTestCompany()).id),
      );
      expect(foreign.status).toBe(404);
    });
  });

  it("refuses a CLIENTE (403), even for its own client record, and an anonymous caller (401)", async () => {
    const cliente = await signInAs("CLIENTE");
    const own = await createTestClient(seller, { email: cliente.user.email });
    const response = await patch(cliente.token, own.id, { preferred_language: "en" });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe("forbidden");
    expect((await patch(undefined, own.id, { preferred_language: "en" })).status).toBe(401);
    expect((await rowOf(own.id)).preferredLanguage).toBe("es");
  });

  it("answers 422 for a malformed id", async () => {
    const response = await patch(admin.token, "not-a-uuid", { first_name: "X" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual([{ path: "id", message: expect.any(String), code: "invalid_id" }]);
  });
});
