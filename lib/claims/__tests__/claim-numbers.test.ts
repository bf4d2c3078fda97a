import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { claims } from "@/db/schema";
import { api } from "@/test/api";
import { createTestCompany, expectAuditRow, signInAs } from "@/test/fixtures";
import { CLAIM_NUMBER_PATTERN, formatClaimNumber } from "../claim-numbers";
import { activePolicy, idsOf, reportClaim } from "./claim-fixtures";

// Claim numbers (docs/claims.md, "Claim numbers"): CLM-<year>-<6 digits>, sequential per company and
// year, in every claim response and searchable by their start.

const YEAR = new Date().getUTCFullYear();

describe("formatClaimNumber", () => {
  it("writes CLM-<year>-<sequence on 6 digits>, and more digits past 999999", () => {
    expect(formatClaimNumber(2026, 123)).toBe("CLM-2026-000123");
    expect(formatClaimNumber(2026, 1)).toBe("CLM-2026-000001");
    expect(formatClaimNumber(2027, 1_234_567)).toBe("CLM-2027-1234567");
    expect(CLAIM_NUMBER_PATTERN.test("CLM-2026-000123")).toBe(true);
    expect(CLAIM_NUMBER_PATTERN.test("POL-2026-000123")).toBe(false);
  });
});

describe("a claim's number", () => {
  it("is given on creation, in sequence within the company (000001, 000002, 000003), and audited", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const policy = await activePolicy(seller, admin);
    const first = await reportClaim(seller, policy, 0);
    const second = await reportClaim(seller, policy, 1);
    const third = await reportClaim(seller, await activePolicy(seller, admin), 0);
    expect([first.claim_number, second.claim_number, third.claim_number]).toEqual([
      `CLM-${YEAR}-000001`,
      `CLM-${YEAR}-000002`,
      `CLM-${YEAR}-000003`,
    ]);
    const audit = await expectAuditRow("CLAIM_CREATED", first.id);
    expect(audit.details).toMatchObject({ claim_number: first.claim_number });

    // The same number on every read: the claim, the list, and a download.
    const read = await api("GET", `/api/v1/claims/${second.id}`, { token: seller.token });
    expect(read.body.claim_number).toBe(`CLM-${YEAR}-000002`);
    const list = await api("GET", "/api/v1/claims/?status=PENDING&page_size=10", { token: seller.token });
    expect(list.body.items.map((claim: { claim_number: string }) => claim.claim_number).sort()).toEqual([
      first.claim_number,
      second.claim_number,
      third.claim_number,
    ]);
  });

  it("is unique per company, not across companies: each company's first claim of the year is 000001", async () => {
    const admin = await signInAs("ADMIN");
    const numbers: string[] = [];
    for (const company of [await createTestCompany(), await createTestCompany()]) {
      const seller = await signInAs("VENDEDOR", { companyId: company.id });
      numbers.push((await reportClaim(seller, await activePolicy(seller, admin))).claim_number);
    }
    expect(numbers).toEqual([`CLM-${YEAR}-000001`, `CLM-${YEAR}-000001`]);
  });

  it("is never given twice in a company, even to claims reported at the same time", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const policies = [await activePolicy(seller, admin), await activePolicy(seller, admin)];
    const reported = await Promise.all(
      policies.flatMap((policy) => [reportClaim(seller, policy, 0), reportClaim(seller, policy, 1)]),
    );
    const numbers = reported.map((claim) => claim.claim_number as string).sort();
    expect(numbers).toEqual([1, 2, 3, 4].map((sequence) => formatClaimNumber(YEAR, sequence)));
  });

  it("is guarded by the database: a second claim with a company's number is refused", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const policy = await activePolicy(seller, admin);
    const claim = await reportClaim(seller, policy);
    const db = await getDb();
    await expect(
      db.insert(claims).values({
        claimNumber: claim.claim_number,
        policyId: policy.id,
        beneficiaryId: policy.beneficiaries[1].id,
        companyId: company.id,
        description: "a copy",
      }),
    ).rejects.toThrow();
  });

  it("is found by GET /claims/?q= from its start, in any letter case, within the caller's scope only", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const policy = await activePolicy(seller, admin);
    const first = await reportClaim(seller, policy, 0);
    const second = await reportClaim(seller, policy, 1);
    const search = (q: string, token = seller.token) =>
      api("GET", `/api/v1/claims/?${new URLSearchParams({ q, page_size: "50" })}`, { token });

    expect(idsOf((await search(first.claim_number)).body)).toEqual([first.id]);
    expect(idsOf((await search(second.claim_number.toLowerCase())).body)).toEqual([second.id]);
    expect(idsOf((await search(`clm-${YEAR}-00000`)).body).sort()).toEqual([first.id, second.id].sort());
    // Not a substring search: the start of the number only; "%" and "_" are taken literally.
    expect((await search("000001")).body.items).toEqual([]);
    expect((await search(`CLM-${YEAR}-%`)).body.items).toEqual([]);
    // Another company's seller, whose own first claim has the same number, finds only its own.
    const other = await createTestCompany();
    const theirSeller = await signInAs("VENDEDOR", { companyId: other.id });
    const theirs = await reportClaim(theirSeller, await activePolicy(theirSeller, admin));
    expect(theirs.claim_number).toBe(first.claim_number);
    expect(idsOf((await search(first.claim_number, theirSeller.token)).body)).toEqual([theirs.id]);
  });

  it("is in mark-deceased's answer", async () => {
    const admin = await signInAs("ADMIN");
    const company = await createTestCompany();
    const seller = await signInAs("VENDEDOR", { companyId: company.id });
    const policy = await activePolicy(seller, admin);
    const marked = await api("POST", `/api/v1/emission/beneficiaries/${policy.beneficiaries[1].id}/mark-deceased`, {
      token: admin.token,
    });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.claim_number).toBe(`CLM-${YEAR}-000001`);
    const read = await api("GET", `/api/v1/claims/${marked.body.claim_id}`, { token: admin.token });
    expect(read.body.claim_number).toBe(marked.body.claim_number);
  });
});
