import type { Permission } from "@/lib/auth/permissions";

export type Section = {
  href: string;
  label: string;
  description: string;
  /** Shown only to users holding this permission; undefined means everyone. */
  permission?: Permission;
};

// The back office's areas, in menu order. The API checks the same permissions, so hiding an entry
// is only about not offering what would answer 403.
export const SECTIONS: Section[] = [
  { href: "/dashboard", label: "Dashboard", description: "Your starting page." },
  { href: "/users", label: "Users & roles", description: "Create users and assign roles.", permission: "users:manage" },
  { href: "/audit", label: "Audit log", description: "Who did what, and when.", permission: "audit:read" },
  {
    href: "/companies",
    label: "Companies",
    description: "Companies, resellers and business units.",
    permission: "organizations:manage",
  },
  {
    href: "/geography",
    label: "Geography",
    description: "Countries and the zones that group them.",
    permission: "geography:read",
  },
  {
    href: "/catalog",
    label: "Catalog",
    description: "Products, plans and versions, with their prices and rules.",
    permission: "plans:read",
  },
  {
    href: "/quote",
    label: "Quote",
    description: "Price cover for a family in a country, person by person.",
    permission: "plans:read",
  },
  {
    href: "/clients",
    label: "Clients",
    description: "The insured holders: find one or register a new one.",
    permission: "emission:read",
  },
  {
    href: "/policies",
    label: "Policies",
    description: "Every policy with its status, people and history.",
    permission: "emission:read",
  },
  {
    href: "/policies/new",
    label: "Issue a policy",
    description: "A client, a plan and the people to cover, priced as you type.",
    permission: "emission:write",
  },
  {
    href: "/policies/bulk",
    label: "Bulk upload",
    description: "Issue one policy whose people are the rows of a spreadsheet.",
    permission: "emission:write",
  },
  {
    href: "/payments",
    label: "Transactions",
    description: "Payments of the policies: manual, card and subscription invoices.",
    permission: "payments:read",
  },
  {
    href: "/payments/reseller",
    label: "Reseller dashboard",
    description: "Gross, commission and net by month, and Stripe Connect payouts.",
    permission: "payments:read",
  },
  {
    href: "/claims",
    label: "Claims",
    description: "The claims desk: the queue, expenses and status moves.",
    permission: "claims:read",
  },
  {
    href: "/leads",
    label: "Leads",
    description: "The pipeline by stage: move leads, see their checkout markers and CRM record.",
    permission: "leads:read",
  },
  {
    href: "/leads/analytics",
    label: "Lead analytics",
    description: "Leads and conversion rate by source channel and campaign.",
    permission: "leads:read",
  },
  {
    href: "/knowledge",
    label: "Knowledge library",
    description: "The documents the assistant answers from: upload PDFs, add texts.",
    permission: "knowledge:read",
  },
  {
    href: "/chat",
    label: "Assistant",
    description: "Ask about the products and procedures; answers cite their documents.",
    permission: "chat:use",
  },
  {
    href: "/portal",
    label: "My cover",
    description: "Your policies, certificates and claims.",
    permission: "portal:read",
  },
];

const PORTAL_SECTIONS = SECTIONS.filter((section) => section.href === "/portal");

/**
 * A client of the insurer: reads its own cover (portal:read) but no one else's (no emission:read).
 * CLIENTE also holds plans:read and geography:read for the API, but the back office is not for it.
 */
export function isPortalUser(permissions: ReadonlySet<string>): boolean {
  return permissions.has("portal:read") && !permissions.has("emission:read");
}

export function sectionsFor(permissions: ReadonlySet<string>): Section[] {
  if (isPortalUser(permissions)) return PORTAL_SECTIONS;
  // Staff hold portal:read too (ADMIN holds everything), but have no cover of their own to show.
  return SECTIONS.filter(
    (section) => section.href !== "/portal" && (!section.permission || permissions.has(section.permission)),
  );
}
