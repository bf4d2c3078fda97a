import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { normalizeSearchText } from "@/db/search";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestCompany,
  dateFromToday,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { issueBody, issueViaApi, person } from "./helpers";

// The `q` search of clients and policies (reports.md section 3): a prefix of a name whatever its letter
// case and accents, on the normalised columns of db/search.ts (the same index on PGlite and PostgreSQL).

let seller: SignedIn;
let companyId: string;
const made: Record<string, { id: string }> = {};
const policyOf: Record<string, { id: string; policy_number: string }> = {};

beforeAll(async () => {
  companyId = (await createTestCompany()).id;
  seller = await signInAs("VENDEDOR", { companyId });
  made.accented = await createTestClient(seller, { first_name: "José", last_name: "Ramírez Núñez" });
  made.plain = await createTestClient(seller, { first_name: "Iñaki", last_name: "ramirez" });
  made.inside = await createTestClient(seller, { first_name: "Ana", last_name: "Pérez Ramírez" });
  const versionId = (await createSellableVersion()).version.id;
  for (const key of ["accented", "inside"]) {
    const response = await issueViaApi(
      seller.token,
      issueBody(made[key].id, versionId, { start_date: dateFromToday(10), beneficiaries: [person()] }),
    );
    expect(response.status, response.text).toBe(201);
    policyOf[key] = response.body;
  }
});

async function found(path: string, q: string): Promise<string[]> {
  const response = await api("GET", `/api/v1/emission/${path}?q=${encodeURIComponent(q)}`, { token: seller.token });
  expect(response.status, response.text).toBe(200);
  return response.body.items.map((item: { id: string }) => item.id).sort();
}

describe("normalizeSearchText", () => {
  it("folds letter case and the accents of Spanish, Portuguese and French names", () => {
    expect(normalizeSearchText("RAMÍREZ Núñez")).toBe("ramirez nunez");
    expect(normalizeSearchText("Çà Ñ ÿ Ö")).toBe("ca n y o");
    expect(normalizeSearchText("POL-2026-000042")).toBe("pol-2026-000042");
  });
});

describe("GET /api/v1/emission/clients?q=", () => {
  it("counts a search's matches exactly up to 1,000, and gives an estimate beyond", async () => {
    await (
      await getDb()
    ).execute(sql`
      insert into clients (first_name, last_name, email, birth_date, nationality, country_of_residence, company_id)
      select 'Zoilo', 'Quiñones ' || n, 'zoilo.' || n || '@example.test', '1980-01-01', 'MX', 'MX', ${companyId}::uuid
      from generate_series(1, 1001) n`);
    const many = await api("GET", "/api/v1/emission/clients?q=quinones", { token: seller.token });
    expect(many.status, many.text).toBe(200);
    expect(many.body.total_is_estimate).toBe(true);
    expect(many.body.total).toBeGreaterThanOrEqual(1001);
    // "quiñones 100" is 100, 1000 and 1001: counted.
    const few = await api("GET", `/api/v1/emission/clients?q=${encodeURIComponent("quiñones 100")}`, {
      token: seller.token,
    });
    expect(few.body).toMatchObject({ total: 3, total_is_estimate: false });
  });

  it('finds "Ramírez" with "ramirez", and "ramirez" with "RAMÍREZ": case and accents do not matter', async () => {
    const both = [made.accented.id, made.plain.id].sort();
    expect(await found("clients", "ramirez")).toEqual(both);
    expect(await found("clients", "RAMÍREZ")).toEqual(both);
    expect(await found("clients", "Ramírez")).toEqual(both);
    expect(await found("clients", "ramírez nú")).toEqual([made.accented.id]);
  });

  it("matches the start of the first name and of the full name without accents", async () => {
    expect(await found("clients", "inaki")).toEqual([made.plain.id]);
    expect(await found("clients", "JOSE RAMIREZ")).toEqual([made.accented.id]);
  });

  it("matches a prefix only, never the middle of a name", async () => {
    expect(await found("clients", "amirez")).toEqual([]);
    expect(await found("clients", "nunez")).toEqual([]);
    expect(await found("clients", "ana ramirez")).toEqual([]);
  });
});

describe("GET /api/v1/emission/policies?q=", () => {
  it("finds a policy by its client's name without accents, and by its number in any case", async () => {
    expect(await found("policies", "ramirez")).toEqual([policyOf.accented.id]);
    expect(await found("policies", "PÉREZ")).toEqual([policyOf.inside.id]);
    expect(await found("policies", policyOf.inside.policy_number.toLowerCase())).toEqual([policyOf.inside.id]);
    expect(await found("policies", "irez")).toEqual([]);
  });
});

describe("a client's new name", () => {
  it("finds the client's policies by the new name at once, and no longer by the old one", async () => {
    const client = await createTestClient(seller, { first_name: "Marta", last_name: "Quiñónez" });
    const issued = await issueViaApi(
      seller.token,
      issueBody(client.id, (await createSellableVersion()).version.id, {
        start_date: dateFromToday(10),
        beneficiaries: [person()],
      }),
    );
    expect(issued.status, issued.text).toBe(201);
    expect(await found("policies", "quinonez")).toEqual([issued.body.id]);
    const renamed = await api("PATCH", `/api/v1/emission/clients/${client.id}`, {
      token: seller.token,
      body: { last_name: "Ávalos" },
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(await found("policies", "avalos")).toEqual([issued.body.id]);
    expect(await found("policies", "marta aval")).toEqual([issued.body.id]);
    expect(await found("policies", "quinonez")).toEqual([]);
  });
});
