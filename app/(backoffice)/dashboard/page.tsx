import Link from "next/link";
import { redirect } from "next/navigation";
import { Greeting } from "@/components/backoffice/greeting";
import { requireUser } from "@/lib/auth/require-user";
import { isPortalUser, sectionsFor } from "@/components/backoffice/sections";

export const metadata = { title: "Dashboard · Funeral Cover Admin" };

export default async function DashboardPage() {
  const user = await requireUser();
  // Sign-in lands here; a client's starting page is its own cover.
  if (isPortalUser(user.permissions)) redirect("/portal");
  // The dashboard itself is not a destination from the dashboard.
  const sections = sectionsFor(user.permissions).filter((section) => section.href !== "/dashboard");
  return (
    <>
      <header className="page-header">
        <Greeting email={user.email} />
        <p className="muted">
          Signed in as {user.email} ({user.roles.join(", ") || "no role"}).
        </p>
      </header>
      <ul className="card-grid">
        {sections.map((section) => (
          <li key={section.href} className="card">
            <Link href={section.href} className="card-title">
              {section.label}
            </Link>
            <p className="muted">{section.description}</p>
          </li>
        ))}
        <li className="card">
          <Link href="/docs" className="card-title">
            API docs
          </Link>
          <p className="muted">Every endpoint of /api/v1, with its inputs, answers and required permission.</p>
        </li>
      </ul>
      {sections.length === 0 ? (
        <p className="muted">Your roles give access to no back-office section yet; ask an administrator for a role.</p>
      ) : null}
    </>
  );
}
