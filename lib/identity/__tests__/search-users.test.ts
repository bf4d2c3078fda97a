import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestCompany, createTestUser, signInAs, type SignedIn } from "@/test/fixtures";

// GET /auth/users?q=: text anywhere in the full name or the e-mail, whatever its letter case and accents
// (db/search.ts). The users are made in a company of their own, so that the counts are exactly these.

let admin: SignedIn;
let companyId: string;
const made: Record<string, { id: string; email: string }> = {};

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  companyId = (await createTestCompany()).id;
  const marker = randomUUID().slice(0, 8);
  const user = (fullName: string | undefined, email: string) =>
    createTestUser({ companyId, fullName, email: `${email}-${marker}@example.com`, roles: ["VENDEDOR"] });
  made.accented = await user("José Ramírez Núñez", "jose");
  made.second = await user("Ana García RAMÍREZ", "ana");
  made.byEmail = await user(undefined, "p.ramirez");
  made.other = await user("Pedro Gómez", "pedro");
});

async function search(query: Record<string, string>, caller = admin) {
  const params = new URLSearchParams({ company_id: companyId, ...query });
  return api("GET", `/api/v1/auth/users?${params}`, { token: caller.token });
}

async function found(query: Record<string, string>): Promise<string[]> {
  const response = await search(query);
  expect(response.status, response.text).toBe(200);
  const ids = response.body.items.map((item: { id: string }) => item.id).sort();
  expect(response.body.total).toBe(ids.length);
  return ids;
}

const ids = (...keys: string[]) => keys.map((key) => made[key].id).sort();

describe("GET /api/v1/auth/users?q=", () => {
  it('finds "Ramírez" with "ramirez", "RAMÍREZ" or "Ramírez", in the name or the e-mail', async () => {
    const all = ids("accented", "second", "byEmail");
    expect(await found({ q: "ramirez" })).toEqual(all);
    expect(await found({ q: "RAMÍREZ" })).toEqual(all);
    expect(await found({ q: "Ramírez" })).toEqual(all);
  });

  it("matches inside a name, across its words, and in the e-mail", async () => {
    expect(await found({ q: "ez nu" })).toEqual(ids("accented"));
    expect(await found({ q: "GOMEZ" })).toEqual(ids("other"));
    expect(await found({ q: "pedro-" })).toEqual(ids("other"));
    expect(await found({ q: "garcia ramirez" })).toEqual(ids("second"));
  });

  it("finds nothing for a text no user has, and takes % and _ literally", async () => {
    expect(await found({ q: "ramirezz" })).toEqual([]);
    expect(await found({ q: "%" })).toEqual([]);
    expect(await found({ q: "_" })).toEqual([]);
  });

  it("combines with the e-mail filter", async () => {
    expect(await found({ q: "ramirez", email: "ANA-" })).toEqual(ids("second"));
    expect(await found({ q: "gomez", email: "ana-" })).toEqual([]);
  });

  it("refuses 201 characters (422) and the wrong role (403)", async () => {
    expect((await search({ q: "a".repeat(201) })).status).toBe(422);
    const seller = await signInAs("VENDEDOR", { companyId });
    expect((await search({ q: "ramirez" }, seller)).status).toBe(403);
  });
});
