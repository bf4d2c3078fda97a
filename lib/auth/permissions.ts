// The permission catalogue (contract section 3). ADMIN holds every permission; the other default roles
// hold the lists below. The seed writes these into the roles tables of a new installation.
export const PERMISSIONS = {
  "users:manage": "Create users, assign roles, manage API keys",
  "audit:read": "Read the audit log",
  "plans:read": "Read the catalog and calculate prices",
  "plans:write": "Create and edit products, plans and versions",
  "organizations:manage": "Create and edit companies and business units",
  "geography:read": "Read countries and zones",
  "geography:manage": "Create zones and link countries",
  "emission:read": "Read clients and policies in scope",
  "emission:write": "Create clients and issue policies",
  "policies:transition": "Move a policy to another status by hand",
  "portal:read": "Read one's own client record, policies and certificates",
  "payments:read": "Read transactions and the reseller dashboard",
  "payments:write": "Create payment intents and subscriptions, retry charges",
  "payments:manage": "Record manual payments and cancel subscriptions",
  "payments:onboard": "Start reseller onboarding at the card processor",
  "claims:read": "Read claims in scope",
  "claims:write": "Open claims and record expenses",
  "claims:manage": "Move claims between statuses, review their documents, record payouts",
  "claims:override": "Approve or close a claim despite what blocks it (audited)",
  "beneficiaries:mark_deceased": "Mark a beneficiary deceased and open its claim",
  "leads:read": "Read leads",
  "leads:write": "Update lead stages and checkout markers",
  "knowledge:read": "List knowledge documents",
  "knowledge:write": "Ingest and delete knowledge documents",
  "chat:use": "Ask the knowledge assistant",
  "notifications:read": "Read the notifications outbox",
  "lifecycle:run": "Run the daily policy lifecycle (arrears, lapse, renewal) for a day",
  "policies:import": "Import policies of an existing book",
  "reports:read": "Read the portfolio report (a seller: its own company and unit)",
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

export function isPermission(value: string): value is Permission {
  return Object.hasOwn(PERMISSIONS, value);
}

/**
 * Permissions an API key never holds (trust.md section 3): each reaches beyond one company (users and
 * their roles, the companies, the shared geography, the lifecycle run over every company). Refused at
 * creation (422), and dropped from any key that holds one when the key is resolved.
 */
export const KEY_FORBIDDEN_PERMISSIONS: readonly Permission[] = [
  "users:manage",
  "organizations:manage",
  "geography:manage",
  "lifecycle:run",
];

export function keyMayHold(permission: string): boolean {
  return !(KEY_FORBIDDEN_PERMISSIONS as readonly string[]).includes(permission);
}

export const DEFAULT_ROLES = [
  { name: "ADMIN", level: 100, description: "Full control", permissions: ALL_PERMISSIONS },
  {
    name: "VENDEDOR",
    level: 50,
    description: "Seller: quotes and issues policies",
    permissions: [
      "plans:read",
      "emission:write",
      "emission:read",
      "payments:write",
      "payments:read",
      "claims:write",
      "claims:read",
      "leads:read",
      "leads:write",
      "knowledge:read",
      "chat:use",
      "geography:read",
      "payments:onboard",
      "reports:read",
    ],
  },
  {
    name: "CLIENTE",
    level: 10,
    description: "Insured client: own profile and certificates",
    // Not payments:onboard (trust.md section 3): whoever completes a reseller's onboarding decides where
    // its payouts go.
    permissions: ["plans:read", "portal:read", "chat:use", "geography:read"],
  },
] as const satisfies ReadonlyArray<{
  name: string;
  level: number;
  description: string;
  permissions: readonly Permission[];
}>;

export type RoleName = (typeof DEFAULT_ROLES)[number]["name"];
