import Link from "next/link";
import { useTranslations } from "next-intl";

/** Shown instead of a page whose permission the user lacks (the link may have been shared or typed). */
export function AccessDenied({ permission }: { permission: string }) {
  const t = useTranslations("nav.accessDenied");
  return (
    <section className="panel">
      <h1>{t("title")}</h1>
      <p>{t.rich("body", { permission, code: (chunks) => <code>{chunks}</code> })}</p>
      <p>
        <Link href="/dashboard">{t("back")}</Link>
      </p>
    </section>
  );
}
