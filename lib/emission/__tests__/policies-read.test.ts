import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestBusinessUnit,
  createTestClient,
  createTestCompany,
  dateFromToday,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { forceStatus, issueBody, issueViaApi, person } from "./helpers";

// GET /api/v1/emission/policies and /policies/{id} (contract sections 2 and 6): filters, paging, and who
// sees which policies: a seller its company's (its unit's when it has one), ADMIN all, a client its own.

let admin: SignedIn;
let companySeller: SignedIn;
let unitSeller: SignedIn;
let otherSeller: SignedIn;
let cliente: SignedIn;
let companyId: string;
const clientsById: Record<string, { id: string }> = {};
/** p1 by the company seller for client A; p2 (ACTIVE) and p3 by the unit's seller for client B (the CLIENTE). */
const made: Record<string, { id: string; policy_number: string }> = {};
let theirs: { id: string };

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  companyId = (await createTestCompany()).id;
  const unitId = (await createTestBusinessUnit(companyId)).id;
  [companySeller, unitSeller, otherSeller] = await Promise.all([
    signInAs("VENDEDOR", { companyId }),
    signInAs("VENDEDOR", { companyId, businessUnitId: unitId }),
    signInAs("VENDEDOR", { companyId: (await createTestCompany()).id }),
  ]);
  cliente = await signInAs("CLIENTE", { email: uniqueEmail("portal") });
  const versionId = (await createSellableVersion()).version.id;
  clientsById.a = await createTestClient(companySeller, { first_name: "Alberto", last_name: "Quintana" });
  clientsById.b = await createTestClient(unitSeller, {
    first_name: "Berta",
    last_name: "Robles",
    email: cliente.user.email,
  });
  const issue = async (seller: SignedIn, clientId: string, days: number) => {
    const response = await issueViaApi(
      seller.token,
      issueBody(clientId, versionId, {
        start_date: dateFromToday(days),
        beneficiaries: [person(), person({ kinship_type: "CHILD", date_of_birth: "2015-05-05" })],
      }),
    );
    expect(response.status, response.text).toBe(201);
    return response.body;
  };
  made.p1 = await issue(companySeller, clientsById.a.id, 10);
  made.p2 = await issue(unitSeller, clientsById.b.id, 20);
  made.p3 = await issue(unitSeller, clientsById.b.id, 30);
  await forceStatus(made.p2.id, "ACTIVE");
  theirs = await issue(otherSeller, (await createTestClient(otherSeller)).id, 10);
});

function list(token: string, query = "") {
  return api("GET", `/api/v1/emission/policies${query}`, { token });
}

async function ids(token: string, query = "") {
  const response = await list(token, query);
  expect(response.status, response.text).toBe(200);
  return response.body.items.map((item: { id: string }) => item.id);
}

describe("GET /api/v1/emission/policies", () => {
  it("answers a page, newest first, each item with its client, plan and number of beneficiaries", async () => {
    const response = await list(companySeller.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([made.p3.id, made.p2.id, made.p1.id]);
    expect(response.body.items[2]).toMatchObject({
      id: made.p1.id,
      policy_number: made.p1.policy_number,
      client_id: clientsById.a.id,
      company_id: companyId,
      business_unit_id: null,
      status: "PENDING_PAYMENT",
      final_price: "50.00",
      client_name: "Alberto Quintana",
      plan_name: "Essential",
      beneficiary_count: 2,
    });
    expect(response.body.items[2].beneficiaries).toBeUndefined();
  });

  it("pages with page and page_size", async () => {
    const page = await list(companySeller.token, "?page=2&page_size=2");
    expect(page.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.body.items.map((item: { id: string }) => item.id)).toEqual([made.p1.id]);
  });

  it("filters by status", async () => {
    expect(await ids(companySeller.token, "?status=ACTIVE")).toEqual([made.p2.id]);
    expect(await ids(companySeller.token, "?status=PENDING_PAYMENT")).toEqual([made.p3.id, made.p1.id]);
    expect(await ids(companySeller.token, "?status=CANCELLED")).toEqual([]);
  });

  it("filters by client_id", async () => {
    expect(await ids(companySeller.token, `?client_id=${clientsById.a.id}`)).toEqual([made.p1.id]);
    expect(await ids(companySeller.token, `?client_id=${clientsById.b.id}&status=ACTIVE`)).toEqual([made.p2.id]);
  });

  it("filters by start date, both ends included", async () => {
    expect(await ids(companySeller.token, `?start_from=${dateFromToday(20)}`)).toEqual([made.p3.id, made.p2.id]);
    expect(await ids(companySeller.token, `?start_to=${dateFromToday(20)}`)).toEqual([made.p2.id, made.p1.id]);
    expect(await ids(companySeller.token, `?start_from=${dateFromToday(11)}&start_to=${dateFromToday(29)}`)).toEqual([
      made.p2.id,
    ]);
  });

  it("searches the start of the policy number or of the client's name", async () => {
    expect(await ids(companySeller.token, `?q=${made.p1.policy_number}`)).toEqual([made.p1.id]);
    expect(await ids(companySeller.token, `?q=${made.p1.policy_number.toLowerCase()}`)).toEqual([made.p1.id]);
    expect(await ids(companySeller.token, "?q=berta")).toEqual([made.p3.id, made.p2.id]);
    expect(await ids(companySeller.token, `?q=${encodeURIComponent("Alberto Q")}`)).toEqual([made.p1.id]);
    expect(await ids(companySeller.token, "?q=Robles")).toEqual([made.p3.id, made.p2.id]);
    expect(await ids(companySeller.token, "?q=erta")).toEqual([]);
    expect(await ids(companySeller.token, `?q=${encodeURIComponent("%")}`)).toEqual([]);
  });

  it.each([["status=active"], ["client_id=abc"], ["start_from=2030-02-30"], ["start_to=tomorrow"], ["page_size=201"]])(
    "answers 422 for %s",
    async (query) => {
      const response = await list(companySeller.token, `?${query}`);
      expect(response.status).toBe(422);
      expect(response.body.errors[0].path).toBe(query.split("=")[0]);
    },
  );

  it("shows a seller of a business unit only its unit's policies", async () => {
    expect(await ids(unitSeller.token)).toEqual([made.p3.id, made.p2.id]);
    expect(await ids(unitSeller.token, `?client_id=${clientsById.a.id}`)).toEqual([]);
  });

  it("shows a seller of another company none of them, and ADMIN all of them", async () => {
    expect(await ids(otherSeller.token)).toEqual([theirs.id]);
    expect(await ids(admin.token, `?client_id=${clientsById.b.id}`)).toEqual([made.p3.id, made.p2.id]);
    const everything = await ids(admin.token, "?page_size=200");
    expect(everything).toEqual(expect.arrayContaining([made.p1.id, made.p2.id, made.p3.id, theirs.id]));
  });

  it("shows a CLIENTE only its own policies, whatever it filters by", async () => {
    expect(await ids(cliente.token)).toEqual([made.p3.id, made.p2.id]);
    expect(await ids(cliente.token, `?client_id=${clientsById.a.id}`)).toEqual([]);
    expect(await ids(cliente.token, `?q=${made.p1.policy_number}`)).toEqual([]);
  });

  it("shows a CLIENTE whose e-mail no client has nothing", async () => {
    const stranger = await signInAs("CLIENTE");
    const response = await list(stranger.token);
    expect(response.body).toEqual({
      items: [],
      total: 0,
      total_is_estimate: false,
      page: 1,
      page_size: 50,
      next_cursor: null,
    });
  });

  it("answers 401 without credentials", async () => {
    expect((await api("GET", "/api/v1/emission/policies")).status).toBe(401);
  });
});

describe("GET /api/v1/emission/policies/{id}", () => {
  function get(token: string, id: string) {
    return api("GET", `/api/v1/emission/policies/${id}`, { token });
  }

  it("answers the policy with its beneficiaries, history and names", async () => {
    const response = await get(companySeller.token, made.p1.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: made.p1.id,
      client_name: "Alberto Quintana",
      plan_name: "Essential",
      status_history: [
        { from_status: null, to_status: "PENDING_PAYMENT", changed_by: companySeller.user.id, reason: "policy issued" },
      ],
    });
    expect(response.body.beneficiaries.map((b: { kinship_type: string }) => b.kinship_type)).toEqual(["SELF", "CHILD"]);
  });

  it("lets a CLIENTE read its own policy and answers 404 for another client's", async () => {
    expect((await get(cliente.token, made.p2.id)).status).toBe(200);
    const response = await get(cliente.token, made.p1.id);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ detail: "policy not found", code: "not_found" });
  });

  it("answers 404 to a seller of another company or of another business unit", async () => {
    for (const [token, id] of [
      [otherSeller.token, made.p1.id],
      [unitSeller.token, made.p1.id],
      [companySeller.token, theirs.id],
    ]) {
      const response = await get(token, id);
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe("policy not found");
    }
    expect((await get(admin.token, theirs.id)).status).toBe(200);
  });

  it("answers 404 for an unknown id and 422 for a malformed one", async () => {
    expect((await get(admin.token, randomUUID())).status).toBe(404);
    expect((await get(admin.token, "POL-2026-000001")).status).toBe(422);
  });
});
