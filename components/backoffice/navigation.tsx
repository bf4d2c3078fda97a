"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PortalBrand } from "@/components/portal/portal-brand";
import { LanguageSwitch } from "./language-switch";
import { SignOutButtons } from "./sign-out-buttons";

type NavigationProps = {
  items: Array<{ href: string; label: string }>;
  email: string;
  roles: string[];
  /** A client (isPortalUser): its insurer's name in the header, and nothing meant for staff. */
  isClient: boolean;
};

/** The side menu on a laptop; on a phone a top bar whose menu button opens the same entries. */
export function Navigation({ items, email, roles, isClient }: NavigationProps) {
  const t = useTranslations("nav");
  const tApp = useTranslations("app");
  const pathname = usePathname();
  const [isOpen, setIsOpen] = useState(false);
  // The entry whose address is the longest prefix of the page's: /policies/new marks "Issue a policy",
  // not "Policies" as well.
  const current = items
    .filter((item) => pathname === item.href || pathname.startsWith(`${item.href}/`))
    .reduce<string | null>((best, item) => (best === null || item.href.length > best.length ? item.href : best), null);

  return (
    <aside className={isOpen ? "sidebar sidebar-open" : "sidebar"}>
      <div className="sidebar-inner">
        <div className="sidebar-bar">
          <Link href={isClient ? "/portal" : "/dashboard"} className="brand">
            {isClient ? <PortalBrand /> : tApp("name")}
          </Link>
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={isOpen}
            aria-controls="main-menu"
            onClick={() => setIsOpen((open) => !open)}
          >
            {isOpen ? t("close") : t("menu")}
          </button>
        </div>
        <div className="sidebar-body" id="main-menu">
          <nav aria-label={t("main")}>
            <ul className="nav-list">
              {items.map((item) => {
                const isActive = item.href === current;
                return (
                  <li key={item.href}>
                    <Link
                      href={item.href}
                      aria-current={isActive ? "page" : undefined}
                      onClick={() => setIsOpen(false)}
                    >
                      {item.label}
                    </Link>
                  </li>
                );
              })}
              {isClient ? null : (
                <li>
                  {/* The API reference lives outside the back office layout, readable without the menu. */}
                  <Link href="/docs">{t("apiDocs")}</Link>
                </li>
              )}
            </ul>
          </nav>
          <div className="account">
            <div className="account-email" title={email}>
              {email}
            </div>
            {isClient ? null : <div className="account-roles">{roles.length > 0 ? roles.join(", ") : t("noRole")}</div>}
            <LanguageSwitch saveToProfile />
            <SignOutButtons />
          </div>
        </div>
      </div>
    </aside>
  );
}
