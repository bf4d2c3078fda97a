import type { Messages } from "@/messages";
import type { Permission } from "@/lib/auth/permissions";

/** The section's key in the `nav` catalog: `sections.<key>.label` and `sections.<key>.description`. */
export type SectionKey = keyof Messages["nav"]["sections"];

export type Section = {
  href: string;
  key: SectionKey;
  /** Shown only to users holding this permission; undefined means everyone. */
  permission?: Permission;
};

// The back office's areas, in menu order. The API checks the same permissions, so hiding an entry
// is only about not offering what would answer 403.
export const SECTIONS: Section[] = [
  { href: "/dashboard", key: "dashboard" },
  { href: "/reports", key: "reports", permission: "reports:read" },
  { href: "/users", key: "users", permission: "users:manage" },
  { href: "/audit", key: "audit", permission: "audit:read" },
  {
    href: "/companies",
    key: "companies",
    permission: "organizations:manage",
  },
  {
    href: "/geography",
    key: "geography",
    permission: "geography:read",
  },
  {
    href: "/lifecycle",
    key: "lifecycle",
    permission: "lifecycle:run",
  },
  {
    href: "/catalog",
    key: "catalog",
    permission: "plans:read",
  },
  {
    href: "/quote",
    key: "quote",
    permission: "plans:read",
  },
  {
    href: "/clients",
    key: "clients",
    permission: "emission:read",
  },
  {
    href: "/policies",
    key: "policies",
    permission: "emission:read",
  },
  {
    href: "/policies/new",
    key: "issuePolicy",
    permission: "emission:write",
  },
  {
    href: "/policies/bulk",
    key: "bulkUpload",
    permission: "emission:write",
  },
  {
    href: "/payments",
    key: "payments",
    permission: "payments:read",
  },
  {
    href: "/payments/reseller",
    key: "reseller",
    permission: "payments:read",
  },
  {
    href: "/claims",
    key: "claims",
    permission: "claims:read",
  },
  {
    href: "/leads",
    key: "leads",
    permission: "leads:read",
  },
  {
    href: "/leads/analytics",
    key: "leadAnalytics",
    permission: "leads:read",
  },
  {
    href: "/knowledge",
    key: "knowledge",
    permission: "knowledge:read",
  },
  {
    href: "/chat",
    key: "chat",
    permission: "chat:use",
  },
  {
    href: "/portal",
    key: "portal",
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
