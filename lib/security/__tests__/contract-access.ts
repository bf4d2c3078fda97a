import { listRoutes } from "@/test/api";
import {
  CLIENTE_PERMISSIONS,
  EVERY_PERMISSION,
  KEY_FORBIDDEN_PERMISSIONS,
  VENDEDOR_PERMISSIONS,
} from "@/test/contract-permissions";

// The access of every route as the contract gives it (api-contract.md section 3 and the access named in
// sections 4-11), transcribed by hand rather than read from the operation definitions: the tests check the
// code against the contract. Shared by access-matrix.test.ts and object-access.test.ts.
//
// Rules: "public" (no credentials needed), "user" (any signed-in user; an API key is not a user: 403), a
// permission, or a list of permissions (any one of them). Choices where the contract says nothing are
// marked "not in the contract".
export type Rule = "public" | "user" | string | readonly string[];

const READ_POLICY = ["emission:read", "portal:read"] as const; // section 6: "Who may read a policy"
const READ_CLAIMS = ["claims:read", "portal:read"] as const; // section 6: "a client's own claims likewise"

export const CONTRACT: Record<string, Rule> = {
  // Section 1
  "GET /api/v1/health": "public",
  "GET /api/v1/openapi.json": "public",
  // Section 3
  "POST /api/v1/auth/register": "public",
  "POST /api/v1/auth/login": "public",
  "POST /api/v1/auth/refresh": "public",
  "POST /api/v1/auth/logout": "user",
  "POST /api/v1/auth/logout-all": "user",
  "POST /api/v1/auth/password": "user",
  "GET /api/v1/auth/me": "user",
  "PATCH /api/v1/auth/me": "user", // localisation.md section 1: the saved language
  "GET /api/v1/auth/roles": "users:manage",
  "POST /api/v1/auth/roles/assign": "users:manage",
  "GET /api/v1/auth/users": "users:manage",
  "POST /api/v1/auth/users": "users:manage",
  "PATCH /api/v1/auth/users/[id]": "users:manage",
  "POST /api/v1/auth/api-keys": "users:manage",
  "GET /api/v1/auth/api-keys": "users:manage", // not in the contract: managing keys is ADMIN's, like creating them
  "DELETE /api/v1/auth/api-keys/[id]": "users:manage", // likewise
  // trust.md sections 1-3
  "POST /api/v1/auth/verify-email": "public",
  "POST /api/v1/auth/verify-email/resend": "user",
  "POST /api/v1/auth/password-reset": "public",
  "POST /api/v1/auth/password-reset/confirm": "public",
  "POST /api/v1/auth/users/[id]/invitation": "users:manage",
  "DELETE /api/v1/auth/roles/assign": "users:manage", // "(ADMIN)": the permission of the other ADMIN routes
  // Section 4 (ADMIN per the spec's "who may do what"; the country list per the permission table)
  "GET /api/v1/audit": "audit:read",
  "POST /api/v1/organizations/companies": "organizations:manage",
  "GET /api/v1/organizations/companies": "organizations:manage",
  "GET /api/v1/organizations/companies/[id]": "organizations:manage",
  "PATCH /api/v1/organizations/companies/[id]": "organizations:manage", // not in the contract: editing a company (issue 21)
  "PUT /api/v1/organizations/companies/[id]/logo": "organizations:manage", // not in the contract: the certificate's logo (issue 21)
  "GET /api/v1/organizations/companies/[id]/logo": "organizations:manage", // likewise
  "DELETE /api/v1/organizations/companies/[id]/logo": "organizations:manage", // likewise
  "POST /api/v1/organizations/companies/[id]/business-units": "organizations:manage",
  "GET /api/v1/geography/countries": "geography:read",
  "GET /api/v1/geography/zones": "geography:read",
  "POST /api/v1/geography/zones": "geography:manage",
  "POST /api/v1/geography/zones/[zone_id]/countries/[country_id]": "geography:manage",
  // Section 5
  "GET /api/v1/products": "plans:read",
  "POST /api/v1/products": "plans:write",
  "GET /api/v1/products/[id]": "plans:read",
  "PATCH /api/v1/products/[id]": "plans:write",
  "POST /api/v1/products/[id]/plans": "plans:write",
  "POST /api/v1/plans/[plan_id]/versions": "plans:write",
  "GET /api/v1/plan-versions/[id]": "plans:read", // not in the contract: reading one version, like the list
  "PATCH /api/v1/plan-versions/[id]": "plans:write",
  "POST /api/v1/plans/calculate-price": "plans:read",
  // Section 6
  "POST /api/v1/emission/clients": "emission:write",
  "GET /api/v1/emission/clients": "emission:read",
  "GET /api/v1/emission/clients/[id]": "emission:read",
  "PATCH /api/v1/emission/clients/[id]": "emission:write", // localisation.md section 1
  "POST /api/v1/emission/issue": "emission:write",
  "GET /api/v1/emission/policies": READ_POLICY,
  "GET /api/v1/emission/policies/[id]": READ_POLICY,
  "GET /api/v1/emission/policies/[id]/pdf": READ_POLICY,
  "GET /api/v1/emission/policies/[id]/passbook": READ_POLICY,
  "GET /api/v1/emission/policies/[id]/account": READ_POLICY, // lifecycle.md section 3: who may read the policy
  "POST /api/v1/emission/policies/[id]/transition": "policies:transition",
  "PATCH /api/v1/emission/policies/[id]": "emission:write", // lifecycle.md section 2: auto_renew
  "GET /api/v1/emission/policies/[id]/renewal-preview": READ_POLICY, // lifecycle.md section 5
  "GET /api/v1/emission/policies/[id]/terms": READ_POLICY, // lifecycle.md section 5
  // bulk-upload issues a policy: the permission of issuing (the spec's "authenticated" would let a
  // portal client issue policies for anyone)
  "POST /api/v1/emission/bulk-upload": "emission:write",
  "GET /api/v1/emission/bulk-upload/template": "emission:write",
  "POST /api/v1/emission/beneficiaries/[id]/mark-deceased": "beneficiaries:mark_deceased",
  "GET /api/v1/portal/me": "portal:read",
  "POST /api/v1/portal/policies/[id]/pay": "portal:read", // lifecycle.md section 10: own policy
  "GET /api/v1/public/verify/[token]": "public",
  // Section 7
  "POST /api/v1/payments/intent": "payments:write",
  "POST /api/v1/payments/manual": "payments:manage",
  "POST /api/v1/payments/subscription": "payments:write",
  "POST /api/v1/payments/subscription/cancel": "payments:manage",
  "GET /api/v1/payments/transactions": "payments:read",
  "POST /api/v1/payments/transactions/[id]/retry": "payments:write",
  "POST /api/v1/payments/connect/onboarding": "payments:onboard",
  "GET /api/v1/payments/reseller/dashboard": "payments:read",
  "POST /api/v1/payments/webhook": "public",
  // lifecycle.md section 8: cancellation, and settling a refund paid back by hand
  "POST /api/v1/emission/policies/[id]/cancel": "policies:transition",
  "POST /api/v1/portal/policies/[id]/cancel": "portal:read",
  "POST /api/v1/payments/transactions/[id]/mark-refunded": "payments:manage",
  // Section 8
  "POST /api/v1/claims": "claims:write",
  "GET /api/v1/claims": READ_CLAIMS,
  "GET /api/v1/claims/[id]": READ_CLAIMS,
  "POST /api/v1/claims/[id]/expenses": "claims:write",
  "PATCH /api/v1/claims/[id]/status": "claims:manage",
  // claims-cover.md section 5: payouts of an approved claim
  "POST /api/v1/claims/[id]/payouts": "claims:manage",
  // Issue 21 point 9: expenses edited until the decision, corrected (recorded) after it
  "PATCH /api/v1/claims/[id]/expenses/[expense_id]": "claims:write",
  "DELETE /api/v1/claims/[id]/expenses/[expense_id]": "claims:write",
  "POST /api/v1/claims/[id]/expenses/[expense_id]/corrections": "claims:manage",
  "POST /api/v1/claims/[id]/payouts/[payout_id]/corrections": "claims:manage",
  // claims-cover.md section 3: the checklist's lists, the documents and the review of an item
  "GET /api/v1/claims/requirements": "claims:read",
  "PUT /api/v1/claims/requirements": "claims:manage",
  "POST /api/v1/claims/[id]/documents": ["claims:write", "portal:read"], // a client for its own claims
  "GET /api/v1/claims/[id]/documents/[document_id]": READ_CLAIMS,
  "PATCH /api/v1/claims/[id]/requirements/[code]": "claims:manage",
  // Section 9 (deviation: leads:read / leads:write, not any authenticated user)
  "POST /api/v1/leads": "public",
  "GET /api/v1/leads": "leads:read",
  "GET /api/v1/leads/[id]": "leads:read",
  "PATCH /api/v1/leads/[id]": "leads:write",
  // not in the contract: the conversion of a lead into a client (linking needs emission:read and creating
  // emission:write besides, checked by the service after the body)
  "POST /api/v1/leads/[id]/convert": "leads:write",
  "GET /api/v1/leads/analytics": "leads:read", // not in the contract: counts of the leads a caller may list
  // Section 10
  "POST /api/v1/ai/knowledge/upload": "knowledge:write",
  "POST /api/v1/ai/knowledge": "knowledge:write",
  "GET /api/v1/ai/knowledge": "knowledge:read",
  "DELETE /api/v1/ai/knowledge/[id]": "knowledge:write",
  "POST /api/v1/ai/chat": "chat:use",
  "POST /api/v1/ai/chat/stream": "chat:use", // the same chat, streamed
  // Section 11
  "GET /api/v1/notifications": "notifications:read",
  // lifecycle.md section 7
  "POST /api/v1/emission/policies/[id]/endorsements": "emission:write",
  "GET /api/v1/emission/policies/[id]/endorsements": READ_POLICY,
  // lifecycle.md section 9: importing a book
  "POST /api/v1/emission/policies/import": "policies:import",
  "POST /api/v1/emission/policies/import/bulk": "policies:import",
  "GET /api/v1/emission/policies/import/template": "policies:import",
  // lifecycle.md section 4: the daily run, over every company (an API key never holds it)
  "POST /api/v1/lifecycle/run": "lifecycle:run",
  // claims-cover.md sections 1 and 6: correcting the facts of a death; a client reporting one
  "PATCH /api/v1/claims/[id]": "claims:write",
  "POST /api/v1/portal/claims": "portal:read",
  // reports.md section 1: the portfolio report (a seller: its own company and unit)
  "GET /api/v1/reports/portfolio": "reports:read",
};

// Routes whose permission admits signed-in users only: an API key is refused (403) whatever it holds.
// trust.md section 3: whoever completes a reseller's onboarding decides where its payouts go.
export const USERS_ONLY: ReadonlySet<string> = new Set(["POST /api/v1/payments/connect/onboarding"]);

export const ROLE_PERMISSIONS = {
  ADMIN: EVERY_PERMISSION,
  VENDEDOR: VENDEDOR_PERMISSIONS,
  CLIENTE: CLIENTE_PERMISSIONS,
} as const;
export type Role = keyof typeof ROLE_PERMISSIONS;

export function permissionsOf(rule: Rule): string[] {
  if (rule === "public" || rule === "user") return [];
  return typeof rule === "string" ? [rule] : [...rule];
}

/** Whether a role passes the access check of a rule (the permission table of section 3). */
export function roleMayCall(role: Role, rule: Rule): boolean {
  if (rule === "public" || rule === "user") return true;
  return permissionsOf(rule).some((permission) => (ROLE_PERMISSIONS[role] as readonly string[]).includes(permission));
}

/** "METHOD /api/v1/path/[param]" for every method of every route file. */
export async function everyRouteKey(): Promise<string[]> {
  return (await listRoutes()).flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)).sort();
}

/**
 * Whether an API key can pass the access check of a rule (trust.md section 3): a key never holds
 * users:manage, organizations:manage, geography:manage or lifecycle:run, so a route that needs one of
 * those alone refuses every key (403).
 */
export function keyMayCall(rule: Rule): boolean {
  return permissionsOf(rule).some((permission) => !KEY_FORBIDDEN_PERMISSIONS.includes(permission));
}
