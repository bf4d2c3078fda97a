import fc from "fast-check";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activePolicy, reportClaim } from "@/lib/claims/__tests__/claim-fixtures";
import { allOperations } from "@/lib/http/openapi";
import type { Operation } from "@/lib/http/operation";
import { captureTestLead, uniquePhone } from "@/lib/leads/__tests__/helpers";
import { withFakeStripe } from "@/lib/payments/__tests__/helpers";
import { api, type ApiResponse } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestCompany,
  createTestUser,
  dateFromToday,
  signInAs,
  testAddress,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { hostileBodyOf, hostileQueryOf, type HostileBody } from "@/test/hostile-values";
import { changes, expectNoPollution, problemsOf, snapshot, tableNames } from "./hostile-checks";

// Issue 8 point 3: every JSON endpoint, fed bodies generated from its own zod schema and then broken
// (wrong types, nulls, long texts and arrays, unicode, NUL, __proto__ keys, numbers out of range, SQL and
// HTML), answers below 500 with a JSON `{detail}` that names no internals, stores nothing when it refuses,
// and pollutes no prototype. The operations come from the OpenAPI registry, so a new endpoint is fuzzed
// without touching this file. Seeds are fixed: a failure names its endpoint and sample, and reproduces.

const SEED = 20_260_308;
const BODIES_PER_ENDPOINT = 20;
const QUERIES_PER_ENDPOINT = 8;

// Card payments configured against the local fake processor, so that payment bodies reach the service
// (unconfigured, every card route answers 503 before reading its input).
withFakeStripe();

let admin: SignedIn;
let seller: SignedIn;
/** Real ids, so that generated requests reach the services rather than stopping at "not found". */
let ids: Record<string, string>;
let tables: string[];

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
  const { product, version } = await createSellableVersion();
  const policy = await activePolicy(seller, admin, { versionId: version.id });
  const claim = await reportClaim(seller, policy);
  const client = await createTestClient(seller);
  const lead = await captureTestLead();
  const company = await createTestCompany();
  // A user of its own, so that a generated PATCH (is_active: false) never signs the fuzzing admin out.
  const victim = await createTestUser({ roles: ["VENDEDOR"] });
  const zone = await api("POST", "/api/v1/geography/zones", {
    token: admin.token,
    body: { name: `Fuzz zone ${SEED}` },
  });
  expect(zone.status, zone.text).toBe(201);
  ids = {
    product_id: product.id,
    plan_id: product.plans[0].id,
    plan_version_id: version.id,
    policy_id: policy.id,
    beneficiary_id: policy.beneficiaries[1].id,
    claim_id: claim.id,
    client_id: client.id,
    lead_id: lead.id,
    company_id: company.id,
    zone_id: zone.body.id,
    user_id: victim.id,
  };
  tables = await tableNames();
}, 120_000);

afterAll(() => {
  expectNoPollution();
});

// The path parameters of each endpoint, by its path; an endpoint not listed gets random UUIDs (404s).
function paramsFor(path: string): Record<string, string> {
  const byPath: Record<string, Record<string, string>> = {
    "/products/{id}": { id: ids.product_id },
    "/products/{id}/plans": { id: ids.product_id },
    "/plans/{plan_id}/versions": { plan_id: ids.plan_id },
    "/plan-versions/{id}": { id: ids.plan_version_id },
    "/claims/{id}": { id: ids.claim_id },
    "/claims/{id}/expenses": { id: ids.claim_id },
    "/claims/{id}/status": { id: ids.claim_id },
    "/claims/{id}/documents": { id: ids.claim_id },
    "/claims/{id}/documents/{document_id}": { id: ids.claim_id },
    "/claims/{id}/requirements/{code}": { id: ids.claim_id, code: "DEATH_CERTIFICATE" },
    "/emission/policies/{id}/transition": { id: ids.policy_id },
    "/emission/policies/{id}": { id: ids.policy_id },
    "/emission/policies/{id}/account": { id: ids.policy_id },
    "/emission/policies/{id}/terms": { id: ids.policy_id },
    "/emission/policies/{id}/renewal-preview": { id: ids.policy_id },
    "/emission/policies/{id}/endorsements": { id: ids.policy_id },
    "/emission/policies/{id}/cancel": { id: ids.policy_id },
    "/auth/users/{id}": { id: ids.user_id },
    "/leads/{id}": { id: ids.lead_id },
    "/organizations/companies/{id}/business-units": { id: ids.company_id },
    "/organizations/companies/{id}/logo": { id: ids.company_id },
  };
  return byPath[path] ?? {};
}

function urlOf(operation: Operation, params: Record<string, string> = paramsFor(operation.path)): string {
  return `/api/v1${operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? crypto.randomUUID()))}`;
}

// Values that pass the rules a JSON Schema cannot carry (calendar dates, e-mail syntax, known codes), by
// field name. Without them nearly every generated body stops at validation and no service runs.
const REALISTIC: Record<string, () => unknown> = {
  email: () => uniqueEmail("fuzz"),
  password: () => "correct-horse-battery",
  new_password: () => "another-horse-battery",
  birth_date: () => "1985-03-01",
  date_of_birth: () => "1985-03-01",
  start_date: () => dateFromToday(1),
  nationality: () => "MX",
  country_of_residence: () => "MX",
  country_code: () => "MX",
  currency: () => "USD",
  phone_e164: () => uniquePhone(),
  age: () => 40,
  max_entry_age: () => 70,
  max_renewal_age: () => 80,
  commission_rate: () => "5.00",
  percentage: () => "10",
  amount: () => "25.00",
  cost_price: () => "10.00",
  public_price: () => "25.00",
  price: () => "30.00",
  limit_amount: () => "5000.00",
};

/**
 * Every other generated body gets real ids (the records made above) and realistic values in the fields
 * that have them, so that it reaches the services; the rest keep their random ids (404s) and text.
 */
function realistic(value: unknown, index: number): unknown {
  if (index % 2 === 1) return value;
  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node && typeof node === "object") {
      return Object.fromEntries(
        Object.entries(node).map(([key, item]) => {
          // Own keys only: a generated key such as "valueOf" is on every object's prototype.
          if (Object.hasOwn(ids, key) && typeof item === "string") return [key, ids[key]];
          if (Object.hasOwn(REALISTIC, key) && (typeof item === "string" || typeof item === "number"))
            return [key, REALISTIC[key]()];
          return [key, visit(item)];
        }),
      );
    }
    return node;
  };
  return visit(value);
}

// Tables a refused request may still write, each for a reason the contract gives.
const REFUSAL_RECORDS: Record<string, string[]> = {
  // A failed login is counted (5 per e-mail in 15 minutes, then 429) and audited as USER_LOGIN_FAILED.
  "POST /auth/login": ["login_attempts", "audit_logs:USER_LOGIN_FAILED"],
  // The per-address limits count every request, accepted or not, else refusals would be free to repeat.
  "POST /auth/register": ["rate_limit_counters"],
  "POST /auth/password-reset": ["rate_limit_counters"],
  "POST /leads/": ["rate_limit_counters"],
  // Every question counts towards its asker's 20 a minute (trust.md section 5), answered or not.
  "POST /ai/chat": ["rate_limit_counters"],
  "POST /ai/chat/stream": ["rate_limit_counters"],
};

const isPublic = (operation: Operation) => operation.access === "public";
const label = (operation: Operation) => `${operation.method} ${operation.path}`;

/** The caller of the sample: anonymous on public routes, else mostly ADMIN and every fifth a VENDEDOR. */
function callerOf(operation: Operation, index: number): string | undefined {
  if (isPublic(operation)) return undefined;
  return index % 5 === 4 ? seller.token : admin.token;
}

const jsonOperations = allOperations.filter((operation) => operation.body);

describe("the checks themselves", () => {
  const response = (status: number, text: string, type = "application/json"): ApiResponse => {
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status, text, body, headers: new Headers({ "content-type": type }) };
  };

  it("pass a clean refusal and flag each kind of leak", () => {
    expect(problemsOf(response(422, '{"detail":"invalid body \'name\': too long"}'))).toEqual([]);
    expect(problemsOf(response(500, '{"detail":"internal server error"}'))).toHaveLength(1);
    expect(problemsOf(response(422, '{"errors":[]}'))).toEqual(["error body without a detail"]);
    expect(problemsOf(response(400, "<h1>Bad</h1>", "text/html"))).toHaveLength(3);
    expect(
      problemsOf(
        response(409, '{"detail":"duplicate key value violates unique constraint \\"users_email_key\\""}'),
      ).join(),
    ).toMatch(/database message/);
    expect(
      problemsOf(response(422, '{"detail":"Error\\n    at parseInput (/app/lib/http/with-api.ts:97:11)"}')).join(),
    ).toMatch(/stack frame.*source path/);
    expect(problemsOf(response(400, '{"detail":"Failed query: select \\"id\\" from \\"users\\""}')).join()).toMatch(
      /SQL text/,
    );
    expect(problemsOf(response(413, '{"detail":"too large"}'), [422])).toEqual(["answered 413, the contract says 422"]);
  });

  it("see a row written by a refusal, unless the table is listed", () => {
    expect(changes({ users: 3, audit_logs: 1 }, { users: 4, audit_logs: 1 }, [])).toEqual(["users 3 -> 4"]);
    expect(changes({ login_attempts: 1 }, { login_attempts: 2 }, ["login_attempts"])).toEqual([]);
    expect(
      changes(
        { "audit_logs:USER_LOGIN_FAILED": 1, audit_logs: 1 },
        { "audit_logs:USER_LOGIN_FAILED": 2, audit_logs: 2 },
        ["audit_logs:USER_LOGIN_FAILED"],
      ),
    ).toEqual([]);
    expect(
      changes({ audit_logs: 1 }, { "audit_logs:CLIENT_CREATED": 1, audit_logs: 2 }, ["audit_logs:USER_LOGIN_FAILED"]),
    ).toEqual(["audit_logs:CLIENT_CREATED 0 -> 1"]);
  });
});

describe("hostile JSON bodies", () => {
  it("covers every endpoint with a JSON body", () => {
    expect(jsonOperations.length).toBeGreaterThanOrEqual(25);
  });

  it.each(jsonOperations.map((operation, index) => [label(operation), operation, index] as const))(
    "%s never answers 5xx, leaks nothing, and stores nothing when it refuses",
    async (name, operation, index) => {
      const samples = fc.sample(hostileBodyOf(operation.body!, realistic), {
        seed: SEED + index,
        numRuns: BODIES_PER_ENDPOINT,
      });
      const problems: string[] = [];
      for (const [sample, body] of samples.entries()) {
        const before = await snapshot(tables);
        const response = await send(operation, body, callerOf(operation, sample));
        const found = problemsOf(response, body.expected);
        if (response.status >= 400) {
          const written = changes(before, await snapshot(tables), REFUSAL_RECORDS[name] ?? []);
          if (written.length > 0) found.push(`refused with ${response.status} yet wrote ${written.join(", ")}`);
        }
        if (found.length > 0)
          problems.push(
            `#${sample} ${body.kind} (${body.text.length} bytes: ${body.text.slice(0, 160)}): ${found.join("; ")}`,
          );
        expectNoPollution();
      }
      expect(problems).toEqual([]);
    },
    180_000,
  );
});

function send(operation: Operation, body: HostileBody, token: string | undefined): Promise<ApiResponse> {
  return api(operation.method, urlOf(operation), {
    rawBody: body.text,
    token,
    // A client address of its own: the per-address limits would otherwise answer 429 before the service runs.
    headers: { "content-type": "application/json", "x-forwarded-for": testAddress() },
  });
}

/** The names of a params schema's UUID parameters. */
function uuidParamsOf(operation: Operation): string[] {
  if (!operation.params) return [];
  const json = z.toJSONSchema(operation.params, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { format?: string }>;
  };
  return Object.entries(json.properties ?? {})
    .filter(([, property]) => property.format === "uuid")
    .map(([name]) => name);
}

const MALFORMED_IDS = [
  "not-a-uuid",
  "1' or '1'='1",
  "00000000-0000-0000-0000-00000000000g",
  "../../etc/passwd",
  "<script>alert(1)</script>",
  "a\u0000b",
  "1".repeat(5_000),
];

describe("hostile path parameters", () => {
  const withParams = allOperations.filter((operation) => operation.params);

  it.each(withParams.map((operation) => [label(operation), operation] as const))(
    "%s answers 422 to a malformed UUID and never 5xx",
    async (_, operation) => {
      const uuidNames = uuidParamsOf(operation);
      const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const problems: string[] = [];
      for (const name of names) {
        for (const bad of MALFORMED_IDS) {
          const before = await snapshot(tables);
          const response = await api(
            operation.method,
            urlOf(operation, { ...paramsFor(operation.path), [name]: bad }),
            {
              token: admin.token,
              ...(operation.body ? { body: {} } : {}),
            },
          );
          const found = problemsOf(response, uuidNames.includes(name) ? [422] : undefined);
          if (response.status >= 400) {
            const written = changes(before, await snapshot(tables), []);
            if (written.length > 0) found.push(`refused yet wrote ${written.join(", ")}`);
          }
          if (found.length > 0) problems.push(`${name}=${JSON.stringify(bad.slice(0, 40))}: ${found.join("; ")}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

describe("hostile query strings", () => {
  const withQuery = allOperations.filter((operation) => operation.query);

  it.each(withQuery.map((operation, index) => [label(operation), operation, index] as const))(
    "%s never answers 5xx and leaks nothing",
    async (_, operation, index) => {
      const samples = fc.sample(hostileQueryOf(operation.query!), {
        seed: SEED + 1000 + index,
        numRuns: QUERIES_PER_ENDPOINT,
      });
      const problems: string[] = [];
      for (const [sample, search] of samples.entries()) {
        const response = await api(operation.method, `${urlOf(operation)}?${search.search}`, {
          token: callerOf(operation, sample),
        });
        const found = problemsOf(response, search.expected);
        if (found.length > 0) problems.push(`#${sample} ${search.kind}: ${found.join("; ")}`);
      }
      expect(problems).toEqual([]);
    },
  );
});

describe("hostile form bodies", () => {
  const withForm = allOperations.filter((operation) => operation.body && operation.acceptsForm);

  it.each(withForm.map((operation, index) => [label(operation), operation, index] as const))(
    "%s never answers 5xx as a form either",
    async (name, operation, index) => {
      const samples = fc.sample(hostileQueryOf(operation.body!), {
        seed: SEED + 2000 + index,
        numRuns: QUERIES_PER_ENDPOINT,
      });
      const problems: string[] = [];
      for (const [sample, form] of samples.entries()) {
        const before = await snapshot(tables);
        const response = await api(operation.method, urlOf(operation), {
          rawBody: form.search,
          token: callerOf(operation, sample),
          headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": testAddress() },
        });
        const found = problemsOf(response, form.expected);
        if (response.status >= 400) {
          const written = changes(before, await snapshot(tables), REFUSAL_RECORDS[name] ?? []);
          if (written.length > 0) found.push(`refused with ${response.status} yet wrote ${written.join(", ")}`);
        }
        if (found.length > 0) problems.push(`#${sample} ${form.kind}: ${found.join("; ")}`);
      }
      expect(problems).toEqual([]);
    },
  );
});
