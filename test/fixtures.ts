import { randomInt, randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { api } from "./api";
import { getDb } from "@/db";
import { auditLogs, policies } from "@/db/schema";
import { anonymous } from "@/lib/auth/actor";
import type { RoleName } from "@/lib/auth/permissions";
import { createProduct } from "@/lib/catalog/create-product";
import { CreateProductInput } from "@/lib/catalog/schemas";
import { systemContext, type ServiceContext } from "@/lib/context";
import { getDefaultCompanyId } from "@/lib/identity/internal";
import { login } from "@/lib/identity/login";
import { createUser } from "@/lib/identity/create-user";
import { createBusinessUnit as createBusinessUnitService } from "@/lib/operations/create-business-unit";
import { createCompany as createCompanyService } from "@/lib/operations/create-company";

export const TEST_PASSWORD = "correct-horse-battery";

export async function systemCtx(): Promise<ServiceContext> {
  return systemContext(await getDb(), "test");
}

export async function anonymousCtx(): Promise<ServiceContext> {
  return { db: await getDb(), actor: anonymous, ipAddress: "203.0.113.9", requestId: null };
}

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * A client address of its own, to send as x-forwarded-for: per-address limits (registration, leads)
 * then count only the requests of the test that uses it.
 */
export function testAddress(): string {
  return `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
}

export async function createTestUser(
  input: {
    roles?: RoleName[];
    email?: string;
    password?: string;
    companyId?: string;
    businessUnitId?: string;
    fullName?: string;
  } = {},
) {
  const ctx = await systemCtx();
  const email = input.email ?? uniqueEmail((input.roles?.[0] ?? "cliente").toLowerCase());
  const password = input.password ?? TEST_PASSWORD;
  const user = await createUser({
    ctx,
    input: {
      email,
      password,
      full_name: input.fullName,
      roles: input.roles ?? ["CLIENTE"],
      company_id: input.companyId ?? (await getDefaultCompanyId(ctx.db)),
      business_unit_id: input.businessUnitId,
    },
  });
  return { ...user, password };
}

export type SignedIn = Awaited<ReturnType<typeof signInAs>>;

/** A new user with the given role(s), signed in through the login service: its tokens and profile. */
export async function signInAs(
  roles: RoleName | RoleName[],
  input: Omit<Parameters<typeof createTestUser>[0], "roles"> = {},
) {
  const user = await createTestUser({ ...input, roles: Array.isArray(roles) ? roles : [roles] });
  const tokens = await login({ ctx: await anonymousCtx(), input: { email: user.email, password: user.password } });
  return { user, token: tokens.access_token, refreshToken: tokens.refresh_token, sessionId: tokens.session_id };
}

export async function createTestCompany(
  name = `Company ${randomUUID().slice(0, 6)}`,
  extra: { is_reseller?: boolean } = {},
) {
  return createCompanyService({
    ctx: await systemCtx(),
    input: { name, is_reseller: extra.is_reseller ?? false, commission_rate: "0.00" },
  });
}

export async function createTestBusinessUnit(companyId: string, name = `Unit ${randomUUID().slice(0, 6)}`) {
  return createBusinessUnitService({ ctx: await systemCtx(), companyId, input: { name } });
}

/** A valid plan version body (contract section 5): USD 25.00, entry up to 70, no countries or zones yet. */
export function testVersionInput(overrides: Record<string, unknown> = {}) {
  return {
    cost_price: "10.00",
    public_price: "25.00",
    currency: "USD",
    max_entry_age: 70,
    max_renewal_age: 80,
    wtime_suicide: 730,
    wtime_accident: 0,
    wtime_preexisting: 180,
    ...overrides,
  };
}

/**
 * A product with its whole tree, created through the catalog service as the system; by default one
 * plan with one version (testVersionInput). The body is parsed like a POST /products/ body.
 */
export async function createTestProduct(body: Record<string, unknown> = {}) {
  const input = CreateProductInput.parse({
    name: `Product ${randomUUID().slice(0, 6)}`,
    plans: [{ name: "Essential", versions: [testVersionInput()] }],
    ...body,
  });
  return createProduct({ ctx: await systemCtx(), input });
}

/** Asserts an audit row with this action (and entity id, when given) exists, and returns the newest. */
export async function expectAuditRow(action: string, entityId?: string) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), entityId ? eq(auditLogs.entityId, entityId) : undefined))
    .orderBy(desc(auditLogs.createdAt));
  expect(rows.length, `audit row ${action}${entityId ? ` for ${entityId}` : ""}`).toBeGreaterThan(0);
  return rows[0];
}

/** A client created through the API by `seller` (a VENDEDOR or ADMIN), living in MX unless told otherwise. */
export async function createTestClient(seller: SignedIn, overrides: Record<string, unknown> = {}) {
  const response = await api("POST", "/api/v1/emission/clients", {
    token: seller.token,
    body: {
      first_name: "Ana",
      last_name: "Pérez",
      email: uniqueEmail("client"),
      birth_date: "1980-05-17",
      nationality: "MX",
      country_of_residence: "MX",
      ...overrides,
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; email: string; company_id: string; preferred_language: string };
}

/**
 * A product sold in MX (USD 25.00, entry up to 70, +50% from age 60) and its version: what a policy
 * test issues against.
 */
export async function createSellableVersion(versionOverrides: Record<string, unknown> = {}) {
  const product = await createTestProduct({
    plans: [
      {
        name: "Essential",
        versions: [
          testVersionInput({
            countries: [{ country_code: "MX" }, { country_code: "US", price: "40.00" }],
            age_surcharges: [{ min_age: 60, max_age: 70, percentage: "50" }],
            coverages: [
              {
                name: "Repatriation",
                description: "Return of remains to the country of origin",
                limit_amount: "5000.00",
              },
            ],
            ...versionOverrides,
          }),
        ],
      },
    ],
  });
  return { product, version: product.plans[0].versions[0] };
}

/** Today plus `days`, as YYYY-MM-DD in UTC. */
export function dateFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** An issued policy (PENDING_PAYMENT) of a new client, with the given beneficiaries (one SELF aged 40 by default). */
export async function issueTestPolicy(
  seller: SignedIn,
  options: { versionId?: string; beneficiaries?: unknown[]; clientOverrides?: Record<string, unknown> } = {},
) {
  const versionId = options.versionId ?? (await createSellableVersion()).version.id;
  const client = await createTestClient(seller, options.clientOverrides);
  const response = await api("POST", "/api/v1/emission/issue", {
    token: seller.token,
    body: {
      client_id: client.id,
      plan_version_id: versionId,
      start_date: dateFromToday(1),
      beneficiaries: options.beneficiaries ?? [
        { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" },
      ],
    },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return {
    client,
    versionId,
    policy: response.body as {
      id: string;
      policy_number: string;
      status: string;
      final_price: string;
      beneficiaries: Array<{ id: string; price: string }>;
    },
  };
}

/**
 * Pays one premium of a policy as `admin` (POST /payments/manual of its final_price): the way a policy
 * becomes ACTIVE (lifecycle.md section 3), paid to the end of its first month. Returns the policy.
 */
export async function payTestPolicy(admin: SignedIn, policyId: string) {
  const [policy] = await (await getDb()).select().from(policies).where(eq(policies.id, policyId));
  const response = await api("POST", "/api/v1/payments/manual", {
    token: admin.token,
    body: { policy_id: policyId, amount: policy.finalPrice },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.policy as { id: string; status: string; paid_to_date: string | null };
}
