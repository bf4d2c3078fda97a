// The permission table of the contract (section 3), written out by hand rather than imported from
// lib/auth/permissions.ts, so tests check the seeded roles against the contract, not against themselves.
const ADMIN_ONLY = [
  "users:manage",
  "audit:read",
  "plans:write",
  "organizations:manage",
  "geography:manage",
  "policies:transition",
  "payments:manage",
  "claims:manage",
  "knowledge:write",
  "beneficiaries:mark_deceased",
  "notifications:read",
  "lifecycle:run", // lifecycle.md section 4
  "policies:import", // lifecycle.md section 9
  "claims:override", // claims-cover.md section 4
];
const BOTH = ["plans:read", "chat:use", "geography:read"];
const VENDEDOR_ONLY = [
  "emission:write",
  "emission:read",
  "payments:write",
  "payments:read",
  "claims:write",
  "claims:read",
  "leads:read",
  "leads:write",
  "knowledge:read",
  "payments:onboard", // trust.md section 3: no longer the client's
  "reports:read", // reports.md section 1: ADMIN, and VENDEDOR for its own company and unit
];
const CLIENTE_ONLY = ["portal:read"];

export const VENDEDOR_PERMISSIONS = [...BOTH, ...VENDEDOR_ONLY].sort();
export const CLIENTE_PERMISSIONS = [...BOTH, ...CLIENTE_ONLY].sort();
export const EVERY_PERMISSION = [...ADMIN_ONLY, ...BOTH, ...VENDEDOR_ONLY, ...CLIENTE_ONLY].sort();

// trust.md section 3: "An API key ... cannot hold organizations:manage, geography:manage, users:manage or
// lifecycle:run (422 at creation)".
export const KEY_FORBIDDEN_PERMISSIONS = ["geography:manage", "lifecycle:run", "organizations:manage", "users:manage"];
/** Every permission of the table that a key may hold. */
export const KEY_PERMISSIONS = EVERY_PERMISSION.filter((permission) => !KEY_FORBIDDEN_PERMISSIONS.includes(permission));
