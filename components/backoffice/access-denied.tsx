import Link from "next/link";

/** Shown instead of a page whose permission the user lacks (the link may have been shared or typed). */
export function AccessDenied({ permission }: { permission: string }) {
  return (
    <section className="panel">
      <h1>Not available</h1>
      <p>
        This page needs the permission <code>{permission}</code>, which your roles do not include.
      </p>
      <p>
        <Link href="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  );
}
