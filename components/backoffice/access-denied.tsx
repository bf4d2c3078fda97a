import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Permission } from "@/lib/auth/permissions";

/**
 * Shown instead of a page whose permission the user lacks (the link may have been shared or typed): the
 * permission by its name in the page's language, not its code.
 */
export function AccessDenied({ permission }: { permission: Permission }) {
  const t = useTranslations("nav.accessDenied");
  const names = useTranslations("permissions");
  return (
    <section className="panel">
      <h1>{t("title")}</h1>
      <p>{t("body", { permission: names(permission) })}</p>
      <p>
        <Link href="/dashboard">{t("back")}</Link>
      </p>
    </section>
  );
}
