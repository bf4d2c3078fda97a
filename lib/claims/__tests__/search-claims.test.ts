import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestCompany,
  dateFromToday,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { idsOf, reportClaim, type IssuedPolicy } from "./claim-fixtures";

// GET /claims/?q= beyond the claim number (claim-numbers.test.ts): the start of the policy number, or text
// anywhere in the client's or the deceased's name, whatever its letter case and accents (db/search.ts).

let seller: SignedIn;
const claimOf: Record<string, { id: string }> = {};
let marta: IssuedPolicy;

/** An ACTIVE policy of a client of this name covering these two people (a SELF and a PARENT). */
async function policyOf(client: [string, string], self: [string, string], parent: [string, string]) {
  const admin = await signInAs("ADMIN");
  const owner = await createTestClient(seller, { first_name: client[0], last_name: client[1] });
  const person = ([first_name, last_name]: [string, string], kinship_type: string, date_of_birth: string) => ({
    first_name,
    last_name,
    kinship_type,
    date_of_birth,
  });
  const response = await api("POST", "/api/v1/emission/issue", {
    token: seller.token,
    body: {
      client_id: owner.id,
      plan_version_id: (await createSellableVersion()).version.id,
      start_date: dateFromToday(0),
      beneficiaries: [person(self, "SELF", "1985-03-01"), person(parent, "PARENT", "1962-01-01")],
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  await payTestPolicy(admin, response.body.id);
  return response.body as IssuedPolicy;
}

beforeAll(async () => {
  seller = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
  marta = await policyOf(["Marta", "Ramírez"], ["Marta", "Ramírez"], ["Óscar", "Núñez"]);
  const ana = await policyOf(["Ana", "Pérez"], ["Ana", "Pérez"], ["Jorge", "RAMÍREZ"]);
  claimOf.oscar = await reportClaim(seller, marta, 1);
  claimOf.ana = await reportClaim(seller, ana, 0);
  claimOf.jorge = await reportClaim(seller, ana, 1);
});

async function found(q: string): Promise<string[]> {
  const response = await api("GET", `/api/v1/claims/?${new URLSearchParams({ q, page_size: "50" })}`, {
    token: seller.token,
  });
  expect(response.status, response.text).toBe(200);
  const ids = idsOf(response.body).sort();
  expect(response.body.total).toBe(ids.length);
  return ids;
}

const ids = (...keys: string[]) => keys.map((key) => claimOf[key].id).sort();

describe("GET /api/v1/claims/?q=", () => {
  it('finds the client\'s and the deceased\'s "Ramírez" with "ramirez", "RAMÍREZ" or "Ramírez"', async () => {
    // Óscar's claim by its client, Marta Ramírez; Jorge's by the deceased, Jorge Ramírez.
    expect(await found("ramirez")).toEqual(ids("oscar", "jorge"));
    expect(await found("RAMÍREZ")).toEqual(ids("oscar", "jorge"));
    expect(await found("Ramírez")).toEqual(ids("oscar", "jorge"));
  });

  it("matches the deceased's full name and inside it, and the client's name for every claim of the policy", async () => {
    expect(await found("oscar nunez")).toEqual(ids("oscar"));
    expect(await found("ÚÑEZ")).toEqual(ids("oscar"));
    expect(await found("perez")).toEqual(ids("ana", "jorge"));
    expect(await found("jorge r")).toEqual(ids("jorge"));
    expect(await found("ramirezz")).toEqual([]);
  });

  it("finds the claims of a policy by the start of its number, in any letter case, not by its middle", async () => {
    expect(await found(marta.policy_number.toLowerCase())).toEqual(ids("oscar"));
    expect(await found(marta.policy_number.slice(4))).toEqual([]);
  });
});
