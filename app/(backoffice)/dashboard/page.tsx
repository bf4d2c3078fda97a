import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Greeting } from "@/components/backoffice/greeting";
import { requireUser } from "@/lib/auth/require-user";
import { isPortalUser, sectionsFor } from "@/components/backoffice/sections";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tApp] = await Promise.all([getTranslations("dashboard"), getTranslations("app")]);
  return { title: t("metaTitle", { app: tApp("name") }) };
}

export default async function DashboardPage() {
  const user = await requireUser();
  // Sign-in lands here; a client's starting page is its own cover.
  if (isPortalUser(user.permissions)) redirect("/portal");
  const [t, tNav] = await Promise.all([getTranslations("dashboard"), getTranslations("nav")]);
  // The dashboard itself is not a destination from the dashboard.
  const sections = sectionsFor(user.permissions).filter((section) => section.href !== "/dashboard");
  return (
    <>
      <header className="page-header">
        <Greeting email={user.email} />
        <p className="muted">
          {t("signedInAs", { email: user.email, roles: user.roles.join(", ") || tNav("noRole") })}
        </p>
      </header>
      <ul className="card-grid">
        {sections.map((section) => (
          <li key={section.href} className="card">
            <Link href={section.href} className="card-title">
              {tNav(`sections.${section.key}.label`)}
            </Link>
            <p className="muted">{tNav(`sections.${section.key}.description`)}</p>
          </li>
        ))}
        <li className="card">
          <Link href="/docs" className="card-title">
            {tNav("apiDocs")}
          </Link>
          <p className="muted">{t("apiDocs")}</p>
        </li>
      </ul>
      {sections.length === 0 ? <p className="muted">{t("noSection")}</p> : null}
    </>
  );
}
