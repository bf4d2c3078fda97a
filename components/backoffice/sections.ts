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
  { href: "/companies", label: "Companies", description: "Companies, resellers and business units.", permission: "organizations:manage" },
  { href: "/geography", label: "Geography", description: "Countries and the zones that group them.", permission: "geography:read" },
  { href: "/catalog", label: "Catalog", description: "Products, plans and versions, with their prices and rules.", permission: "plans:read" },
  { href: "/quote", label: "Quote", description: "Price cover for a family in a country, person by person.", permission: "plans:read" },
];

export function sectionsFor(permissions: ReadonlySet<string>): Section[] {
  return SECTIONS.filter((section) => !section.permission || permissions.has(section.permission));
}
