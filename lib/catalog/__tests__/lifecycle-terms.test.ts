import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/test/api";
import { createTestProduct, signInAs, testVersionInput, type SignedIn } from "@/test/fixtures";
import { catalogCounts, insertPolicyOn } from "./helpers";

// The lifecycle terms of a plan version (lifecycle.md section 1): seven fields, each optional with its
// default, accepted on every create and on PATCH while no policy uses the version.

let admin: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
});

const DEFAULTS = {
  grace_period_days: 30,
  not_taken_up_days: 30,
  reinstatement_window_days: 90,
  cooling_off_days: 30,
  is_renewable: true,
  renewal_notice_days: 30,
  wtime_natural: 0,
};

// field, lowest, highest
const BOUNDS: Array<[string, number, number]> = [
  ["grace_period_days", 0, 180],
  ["not_taken_up_days", 1, 365],
  ["reinstatement_window_days", 0, 730],
  ["cooling_off_days", 0, 90],
  ["renewal_notice_days", 1, 90],
  ["wtime_natural", 0, 3650],
];

function postProduct(version: Record<string, unknown>) {
  const body = {
    name: `Terms ${crypto.randomUUID().slice(0, 6)}`,
    plans: [{ name: "Essential", versions: [version] }],
  };
  return api("POST", "/api/v1/products/", { token: admin.token, body });
}

function postVersion(planId: string, body: unknown) {
  return api("POST", `/api/v1/plans/${planId}/versions`, { token: admin.token, body });
}

function patchVersion(versionId: string, body: unknown) {
  return api("PATCH", `/api/v1/plan-versions/${versionId}`, { token: admin.token, body });
}

function getVersion(versionId: string) {
  return api("GET", `/api/v1/plan-versions/${versionId}`, { token: admin.token });
}

function pick(version: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(DEFAULTS).map((field) => [field, version[field]]));
}

const tooSmall = (min: number) => ({ message: `Too small: expected number to be >=${min}`, code: "too_small" });
const tooLarge = (max: number) => ({ message: `Too big: expected number to be <=${max}`, code: "too_large" });
const notInteger = { message: "Invalid input: expected int, received number", code: "not_an_integer" };

describe("defaults", () => {
  it("gives every term its default when omitted, on POST /products/ and POST /plans/{id}/versions", async () => {
    const product = await postProduct(testVersionInput());
    expect(product.status, product.text).toBe(201);
    expect(pick(product.body.plans[0].versions[0])).toEqual(DEFAULTS);
    const version = await postVersion(product.body.plans[0].id, testVersionInput());
    expect(version.status, version.text).toBe(201);
    expect(pick(version.body)).toEqual(DEFAULTS);
  });

  it("returns the values given on GET of the product, the plan's versions and the version", async () => {
    const given = {
      grace_period_days: 15,
      not_taken_up_days: 45,
      reinstatement_window_days: 0,
      cooling_off_days: 31,
      is_renewable: false,
      renewal_notice_days: 60,
      wtime_natural: 365,
    };
    const created = await postProduct(testVersionInput(given));
    expect(created.status, created.text).toBe(201);
    const version = created.body.plans[0].versions[0];
    expect(pick(version)).toEqual(given);
    const product = await api("GET", `/api/v1/products/${created.body.id}`, { token: admin.token });
    expect(product.status).toBe(200);
    expect(product.body.plans[0].versions[0]).toEqual(version);
    expect((await getVersion(version.id)).body).toEqual(version);
  });
});

describe.each(BOUNDS)("%s", (field, min, max) => {
  it(`is accepted at ${min} and ${max} on create and on PATCH`, async () => {
    for (const value of [min, max]) {
      const created = await postProduct(testVersionInput({ [field]: value }));
      expect(created.status, created.text).toBe(201);
      expect(created.body.plans[0].versions[0][field]).toBe(value);
    }
    const product = await createTestProduct();
    const versionId = product.plans[0].versions[0].id;
    for (const value of [min, max]) {
      const patched = await patchVersion(versionId, { [field]: value });
      expect(patched.status, patched.text).toBe(200);
      expect(patched.body[field]).toBe(value);
      expect((await getVersion(versionId)).body[field]).toBe(value);
    }
  });

  it.each([
    ["one below the lowest", min - 1, tooSmall(min)],
    ["one above the highest", max + 1, tooLarge(max)],
    ["a fraction", min + 0.5, notInteger],
  ])("refuses %s with 422 and its code, on create, storing nothing", async (_, value, issue) => {
    const before = await catalogCounts();
    const product = await postProduct(testVersionInput({ [field]: value }));
    expect(product.status, product.text).toBe(422);
    const path = `plans.0.versions.0.${field}`;
    expect(product.body).toEqual({
      code: "validation_error",
      detail: `invalid body '${path}': ${issue.message}`,
      errors: [{ path, ...issue }],
    });
    expect(await catalogCounts()).toEqual(before);
    const existing = await createTestProduct();
    const counted = await catalogCounts();
    const version = await postVersion(existing.plans[0].id, testVersionInput({ [field]: value }));
    expect(version.status, version.text).toBe(422);
    expect(version.body).toEqual({
      code: "validation_error",
      detail: `invalid body '${field}': ${issue.message}`,
      errors: [{ path: field, ...issue }],
    });
    expect(await catalogCounts()).toEqual(counted);
  });

  it.each([
    ["one below the lowest", min - 1, tooSmall(min)],
    ["one above the highest", max + 1, tooLarge(max)],
  ])("refuses %s with 422 and its code on PATCH, changing nothing", async (_, value, issue) => {
    const product = await createTestProduct();
    const versionId = product.plans[0].versions[0].id;
    const before = (await getVersion(versionId)).body;
    const response = await patchVersion(versionId, { [field]: value });
    expect(response.status, response.text).toBe(422);
    expect(response.body).toEqual({
      code: "validation_error",
      detail: `invalid body '${field}': ${issue.message}`,
      errors: [{ path: field, ...issue }],
    });
    expect((await getVersion(versionId)).body).toEqual(before);
  });
});

describe("is_renewable", () => {
  it("is set on create and by PATCH, and refuses a non-boolean with 422 invalid_type", async () => {
    const created = await postProduct(testVersionInput({ is_renewable: false }));
    expect(created.status, created.text).toBe(201);
    const version = created.body.plans[0].versions[0];
    expect(version.is_renewable).toBe(false);
    const patched = await patchVersion(version.id, { is_renewable: true });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body).toEqual({ ...version, is_renewable: true });
    const refused = await patchVersion(version.id, { is_renewable: "yes" });
    expect(refused.status).toBe(422);
    const message = "Invalid input: expected boolean, received string";
    expect(refused.body).toEqual({
      code: "validation_error",
      detail: `invalid body 'is_renewable': ${message}`,
      errors: [{ path: "is_renewable", message, code: "invalid_type" }],
    });
  });
});

describe("once a policy uses the version", () => {
  it.each([
    ["grace_period_days", { grace_period_days: 10 }],
    ["not_taken_up_days", { not_taken_up_days: 10 }],
    ["reinstatement_window_days", { reinstatement_window_days: 10 }],
    ["cooling_off_days", { cooling_off_days: 10 }],
    ["is_renewable", { is_renewable: false }],
    ["renewal_notice_days", { renewal_notice_days: 10 }],
    ["wtime_natural", { wtime_natural: 10 }],
  ])("refuses an edit of %s with 409 and changes nothing", async (_, body) => {
    const product = await createTestProduct();
    const versionId = product.plans[0].versions[0].id;
    await insertPolicyOn(versionId);
    const before = (await getVersion(versionId)).body;
    const response = await patchVersion(versionId, body);
    expect(response.status, response.text).toBe(409);
    expect(response.body.detail).toBe("the plan version is used by policies and cannot change; create a new version");
    expect((await getVersion(versionId)).body).toEqual(before);
  });
});
