import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createSellableVersion, createTestCompany, expectAuditRow, signInAs, type SignedIn } from "@/test/fixtures";
import { activePolicy, moveAlong, type IssuedPolicy } from "./claim-fixtures";
import {
  BASE_CODES,
  claimWithPlaces,
  PNG,
  REPATRIATION_CODES,
  requirementsOf,
  reviewRequirement,
  uploadDocument,
} from "./document-fixtures";

// claims-cover.md section 3: the checklist a claim is given, the company's lists (GET and PUT
// /claims/requirements) and the review of an item (PATCH /claims/{id}/requirements/{code}).

let versionId: string;

/** A company of its own (its lists start empty), with its ADMIN and seller, and an ACTIVE policy. */
async function company() {
  const { id } = await createTestCompany();
  const admin = await signInAs("ADMIN", { companyId: id });
  const seller = await signInAs("VENDEDOR", { companyId: id });
  const policy = await activePolicy(seller, admin, { versionId });
  return { id, admin, seller, policy };
}

function putList(caller: SignedIn, body: unknown) {
  return api("PUT", "/api/v1/claims/requirements", { token: caller.token, body });
}

const codesOf = (items: Array<{ code: string }>) => items.map((item) => item.code);

beforeAll(async () => {
  versionId = (await createSellableVersion()).version.id;
}, 120_000);

describe("the checklist a claim is given", () => {
  it("is the four base items, MISSING and mandatory, when the places are unknown or the same country", async () => {
    const { seller, policy } = await company();
    const unknown = await claimWithPlaces(seller, policy);
    expect(unknown.requirements).toEqual([
      {
        code: "DEATH_CERTIFICATE",
        label: "Death certificate",
        mandatory: true,
        status: "MISSING",
        document_id: null,
        note: null,
      },
      {
        code: "ID_OF_DECEASED",
        label: "Identity document of the deceased",
        mandatory: true,
        status: "MISSING",
        document_id: null,
        note: null,
      },
      {
        code: "CLAIM_FORM",
        label: "Signed claim form",
        mandatory: true,
        status: "MISSING",
        document_id: null,
        note: null,
      },
      {
        code: "FUNERAL_HOME_INVOICE",
        label: "Funeral home invoice",
        mandatory: true,
        status: "MISSING",
        document_id: null,
        note: null,
      },
    ]);
    const same = await claimWithPlaces(
      seller,
      policy,
      { place_of_death_country: "MX", repatriation_to_country: "MX" },
      1,
    );
    expect(codesOf(same.requirements)).toEqual(BASE_CODES);
  });

  it("adds the four mandatory repatriation items, after the base, when the death was in the US and the burial is in MX", async () => {
    const { seller, policy } = await company();
    const claim = await claimWithPlaces(seller, policy, {
      place_of_death_country: "US",
      repatriation_to_country: "MX",
    });
    expect(codesOf(claim.requirements)).toEqual([...BASE_CODES, ...REPATRIATION_CODES]);
    expect(claim.requirements.every((item: { mandatory: boolean }) => item.mandatory)).toBe(true);
    expect(claim.requirements.find((item: { code: string }) => item.code === "TRANSIT_PERMIT").label).toBe(
      "Transit permit for human remains",
    );
  });

  it("adds the destination's own items, with their own mandatory flag, and the list's later changes leave open claims alone", async () => {
    const { admin, seller, policy } = await company();
    const set = await putList(admin, {
      country: "MX",
      items: [
        { code: "SANITARY_PERMIT", label: "Sanitary permit of the state of destination" },
        { code: "APOSTILLE", label: "Apostille of the death certificate", mandatory: false },
      ],
    });
    expect(set.status, set.text).toBe(200);
    const claim = await claimWithPlaces(seller, policy, {
      place_of_death_country: "US",
      repatriation_to_country: "MX",
    });
    expect(codesOf(claim.requirements)).toEqual([...BASE_CODES, ...REPATRIATION_CODES, "SANITARY_PERMIT", "APOSTILLE"]);
    expect(claim.requirements.slice(-2)).toEqual([
      {
        code: "SANITARY_PERMIT",
        label: "Sanitary permit of the state of destination",
        mandatory: true,
        status: "MISSING",
        document_id: null,
        note: null,
      },
      {
        code: "APOSTILLE",
        label: "Apostille of the death certificate",
        mandatory: false,
        status: "MISSING",
        document_id: null,
        note: null,
      },
    ]);
    // Another destination's claim does not get them.
    const toGuatemala = await claimWithPlaces(
      seller,
      policy,
      { place_of_death_country: "US", repatriation_to_country: "GT" },
      1,
    );
    expect(codesOf(toGuatemala.requirements)).toEqual([...BASE_CODES, ...REPATRIATION_CODES]);

    // New lists: the destination's replaced, the base list replaced.
    expect((await putList(admin, { country: "MX", items: [{ code: "NEW_ITEM", label: "A new item" }] })).status).toBe(
      200,
    );
    expect(
      (await putList(admin, { country: null, items: [{ code: "DEATH_CERTIFICATE", label: "Certified death record" }] }))
        .status,
    ).toBe(200);
    expect(codesOf(await requirementsOf(seller, claim.id))).toEqual(codesOf(claim.requirements));
    expect(await requirementsOf(seller, toGuatemala.id)).toEqual(toGuatemala.requirements);

    const later = await claimWithPlaces(seller, await activePolicy(seller, admin, { versionId }), {
      place_of_death_country: "US",
      repatriation_to_country: "MX",
    });
    expect(codesOf(later.requirements)).toEqual(["DEATH_CERTIFICATE", ...REPATRIATION_CODES, "NEW_ITEM"]);
    expect(later.requirements[0].label).toBe("Certified death record");
  });
});

describe("GET and PUT /claims/requirements", () => {
  it("answers the built-in base list, and [] for a destination without items, to a seller (claims:read)", async () => {
    const { seller } = await company();
    const base = await api("GET", "/api/v1/claims/requirements", { token: seller.token });
    expect(base.status, base.text).toBe(200);
    expect(base.body).toEqual({
      country: null,
      items: [
        { code: "DEATH_CERTIFICATE", label: "Death certificate", mandatory: true },
        { code: "ID_OF_DECEASED", label: "Identity document of the deceased", mandatory: true },
        { code: "CLAIM_FORM", label: "Signed claim form", mandatory: true },
        { code: "FUNERAL_HOME_INVOICE", label: "Funeral home invoice", mandatory: true },
      ],
    });
    const mexico = await api("GET", "/api/v1/claims/requirements?country=MX", { token: seller.token });
    expect(mexico.status, mexico.text).toBe(200);
    expect(mexico.body).toEqual({ country: "MX", items: [] });
  });

  it("stores the caller's company's list (200, same shape, audited) and answers it back; another company's is its own", async () => {
    const { id, admin, seller } = await company();
    const items = [
      { code: "SANITARY_PERMIT", label: "Sanitary permit", mandatory: true },
      { code: "APOSTILLE", label: "  Apostille  ", mandatory: false },
      { code: "LOCAL_ID", label: "Local identity card" },
    ];
    const put = await putList(admin, { country: "MX", items });
    expect(put.status, put.text).toBe(200);
    const stored = {
      country: "MX",
      items: [
        { code: "SANITARY_PERMIT", label: "Sanitary permit", mandatory: true },
        { code: "APOSTILLE", label: "Apostille", mandatory: false },
        { code: "LOCAL_ID", label: "Local identity card", mandatory: true },
      ],
    };
    expect(put.body).toEqual(stored);
    const audit = await expectAuditRow("CLAIM_REQUIREMENTS_SET");
    expect(audit.companyId).toBe(id);
    expect(audit.details).toEqual({ country: "MX", codes: ["SANITARY_PERMIT", "APOSTILLE", "LOCAL_ID"] });

    expect((await api("GET", "/api/v1/claims/requirements?country=MX", { token: seller.token })).body).toEqual(stored);
    // The base list is still the built-in one; a second PUT replaces, it does not add.
    expect(codesOf((await api("GET", "/api/v1/claims/requirements", { token: seller.token })).body.items)).toEqual(
      BASE_CODES,
    );
    expect((await putList(admin, { country: "MX", items: [] })).body).toEqual({ country: "MX", items: [] });
    expect((await api("GET", "/api/v1/claims/requirements?country=MX", { token: seller.token })).body).toEqual({
      country: "MX",
      items: [],
    });

    const base = await putList(admin, { country: null, items: [{ code: "CLAIM_FORM", label: "Claim form" }] });
    expect(base.status, base.text).toBe(200);
    expect(base.body).toEqual({ country: null, items: [{ code: "CLAIM_FORM", label: "Claim form", mandatory: true }] });
    expect((await api("GET", "/api/v1/claims/requirements", { token: admin.token })).body).toEqual(base.body);
    // The base list has no country: a second PUT of it replaces the same row.
    const again = await putList(admin, { country: null, items: [{ code: "ID_OF_DECEASED", label: "Passport" }] });
    expect(again.status, again.text).toBe(200);
    expect((await api("GET", "/api/v1/claims/requirements", { token: seller.token })).body).toEqual(again.body);
    expect(again.body.items).toEqual([{ code: "ID_OF_DECEASED", label: "Passport", mandatory: true }]);

    // Another company still has the built-in base list.
    const other = await company();
    expect(
      codesOf((await api("GET", "/api/v1/claims/requirements", { token: other.seller.token })).body.items),
    ).toEqual(BASE_CODES);
  });

  it("refuses a seller's PUT (403), a client's GET (403), nobody (401), and bad lists (422)", async () => {
    const { admin, seller } = await company();
    const body = { country: "MX", items: [{ code: "APOSTILLE", label: "Apostille" }] };
    expect((await putList(seller, body)).status).toBe(403);
    const client = await signInAs("CLIENTE");
    expect((await api("GET", "/api/v1/claims/requirements", { token: client.token })).status).toBe(403);
    expect((await api("GET", "/api/v1/claims/requirements")).status).toBe(401);
    expect((await api("GET", "/api/v1/claims/requirements?country=mexico", { token: seller.token })).status).toBe(422);

    const repeated = await putList(admin, {
      country: "MX",
      items: [
        { code: "APOSTILLE", label: "Apostille" },
        { code: "APOSTILLE", label: "Apostille again" },
      ],
    });
    expect(repeated.status, repeated.text).toBe(422);
    expect((await putList(admin, { country: "MX", items: [{ code: "apostille", label: "x" }] })).status).toBe(422);
    expect((await putList(admin, { country: "MX", items: [{ code: "APOSTILLE", label: " " }] })).status).toBe(422);
    expect((await putList(admin, { items: [] })).status).toBe(422);
    expect((await api("GET", "/api/v1/claims/requirements?country=MX", { token: admin.token })).body.items).toEqual([]);
  });
});

describe("PATCH /claims/{id}/requirements/{code}", () => {
  let admin: SignedIn;
  let seller: SignedIn;
  let policy: IssuedPolicy;

  beforeAll(async () => {
    ({ admin, seller, policy } = await company());
  }, 120_000);

  it("refuses to accept an item without a document (422 document_required), and accepts it once one is uploaded", async () => {
    const claim = await claimWithPlaces(seller, policy);
    const refused = await reviewRequirement(admin, claim.id, "DEATH_CERTIFICATE", { status: "ACCEPTED" });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual([{ path: "status", message: expect.any(String), code: "document_required" }]);
    expect((await requirementsOf(admin, claim.id))[0].status).toBe("MISSING");

    const upload = await uploadDocument(seller, claim.id, { bytes: PNG, name: "certificate.png" });
    expect(upload.status, upload.text).toBe(201);
    const accepted = await reviewRequirement(admin, claim.id, "DEATH_CERTIFICATE", { status: "ACCEPTED" });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.body).toEqual({
      code: "DEATH_CERTIFICATE",
      label: "Death certificate",
      mandatory: true,
      status: "ACCEPTED",
      document_id: upload.body.id,
      note: null,
    });
    const audit = await expectAuditRow("CLAIM_REQUIREMENT_REVIEWED", claim.id);
    expect(audit.details).toMatchObject({
      code: "DEATH_CERTIFICATE",
      from_status: "RECEIVED",
      to_status: "ACCEPTED",
      document_id: upload.body.id,
    });
  });

  it("rejects an item with a note, with or without a document", async () => {
    const claim = await claimWithPlaces(seller, policy);
    const rejected = await reviewRequirement(admin, claim.id, "CLAIM_FORM", {
      status: "REJECTED",
      note: "  The form is not signed  ",
    });
    expect(rejected.status, rejected.text).toBe(200);
    expect(rejected.body).toMatchObject({ code: "CLAIM_FORM", status: "REJECTED", note: "The form is not signed" });
    const read = (await requirementsOf(seller, claim.id)).find((item) => item.code === "CLAIM_FORM");
    expect(read).toEqual(rejected.body);
  });

  it("answers 404 for a code the claim does not have, 409 on a closed or rejected claim, 403 to a seller, 422 to a bad status", async () => {
    const claim = await claimWithPlaces(seller, policy);
    for (const code of ["TRANSIT_PERMIT", "NOT_A_CODE", "death_certificate", "../x"]) {
      const res = await reviewRequirement(admin, claim.id, code, { status: "REJECTED" });
      expect(res.status, `${code}: ${res.text}`).toBe(404);
    }
    expect((await reviewRequirement(seller, claim.id, "CLAIM_FORM", { status: "REJECTED" })).status).toBe(403);
    expect((await reviewRequirement(admin, claim.id, "CLAIM_FORM", { status: "RECEIVED" })).status).toBe(422);
    expect((await reviewRequirement(admin, crypto.randomUUID(), "CLAIM_FORM", { status: "REJECTED" })).status).toBe(
      404,
    );

    await moveAlong(admin, claim.id, ["REJECTED"]);
    const closed = await reviewRequirement(admin, claim.id, "CLAIM_FORM", { status: "REJECTED", note: "late" });
    expect(closed.status, closed.text).toBe(409);
  });
});
