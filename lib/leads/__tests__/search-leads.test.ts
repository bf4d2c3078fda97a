import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { inProcessRunner } from "@/inngest/send";
import { api } from "@/test/api";
import { createTestBusinessUnit, createTestCompany, signInAs, testAddress, type SignedIn } from "@/test/fixtures";
import type { LeadResponse } from "../schemas";
import { moveLead, postLead, uniquePhone } from "./helpers";

// GET /leads/?q=: text anywhere in "first last" or the e-mail, whatever its letter case and accents, or the
// digits of a phone number however spaced (db/search.ts). The leads are a company's own, so that the
// answers are exactly these.

let seller: SignedIn;
let unitId: string;
const made: Record<string, LeadResponse> = {};

beforeAll(async () => {
  vi.stubEnv("HUBSPOT_ACCESS_TOKEN", undefined);
  const company = await createTestCompany();
  unitId = (await createTestBusinessUnit(company.id)).id;
  seller = await signInAs("VENDEDOR", { companyId: company.id });
  const lead = async (body: Record<string, unknown>) => {
    const response = await postLead({ phone_e164: uniquePhone(), business_unit_id: unitId, ...body }, testAddress(), {
      token: seller.token,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  made.accented = await lead({ first_name: "José", last_name: "Ramírez" });
  made.second = await lead({ first_name: "Ana", last_name: "García RAMÍREZ", email: "ana.garcia@example.com" });
  made.byEmail = await lead({ first_name: "Pedro", email: "p.ramirez@example.com" });
  made.other = await lead({ first_name: "Lucía", last_name: "Gómez" });
});

afterEach(async () => {
  await inProcessRunner().drain();
});

async function search(query: Record<string, string>, caller = seller) {
  return api<LeadResponse[]>("GET", `/api/v1/leads/?${new URLSearchParams(query)}`, { token: caller.token });
}

async function found(query: Record<string, string>): Promise<string[]> {
  const response = await search(query);
  expect(response.status, response.text).toBe(200);
  return response.body.map((lead) => lead.id).sort();
}

const ids = (...keys: string[]) => keys.map((key) => made[key].id).sort();

describe("GET /api/v1/leads/?q=", () => {
  it('finds "Ramírez" with "ramirez", "RAMÍREZ" or "Ramírez", in the name or the e-mail', async () => {
    const all = ids("accented", "second", "byEmail");
    expect(await found({ q: "ramirez" })).toEqual(all);
    expect(await found({ q: "RAMÍREZ" })).toEqual(all);
    expect(await found({ q: "Ramírez" })).toEqual(all);
  });

  it("matches the first and last name together, inside a name, and an e-mail", async () => {
    expect(await found({ q: "jose ramirez" })).toEqual(ids("accented"));
    expect(await found({ q: "LUCIA" })).toEqual(ids("other"));
    expect(await found({ q: "cía gó" })).toEqual(ids("other"));
    expect(await found({ q: "garcia@" })).toEqual(ids("second"));
    expect(await found({ q: "ramirezz" })).toEqual([]);
  });

  it("finds a phone number by its digits, however they are spaced", async () => {
    const national = made.other.phone_e164.slice(3); // +52 55 ...: the ten digits of the national number
    const spaced = `${national.slice(0, 2)} ${national.slice(2, 6)}-${national.slice(6)}`;
    expect(await found({ q: spaced })).toEqual(ids("other"));
    expect(await found({ q: `+52 (${national.slice(0, 2)}) ${national.slice(2)}` })).toEqual(ids("other"));
    expect(await found({ q: made.other.phone_e164 })).toEqual(ids("other"));
  });

  it("combines with the stage, and takes % and _ literally", async () => {
    await moveLead(seller, made.second.id, "CONTACTED");
    expect(await found({ q: "ramirez", status: "CONTACTED" })).toEqual(ids("second"));
    expect(await found({ q: "ramirez", status: "NEW" })).toEqual(ids("accented", "byEmail"));
    expect(await found({ q: "%" })).toEqual([]);
    expect(await found({ q: "_" })).toEqual([]);
  });

  it("stays within the caller's scope, and refuses the wrong role (403)", async () => {
    const theirs = await signInAs("VENDEDOR", { companyId: (await createTestCompany()).id });
    expect((await search({ q: "ramirez" }, theirs)).body).toEqual([]);
    const client = await signInAs("CLIENTE");
    expect((await search({ q: "ramirez" }, client)).status).toBe(403);
  });
});
