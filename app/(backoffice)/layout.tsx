import { getTranslations } from "next-intl/server";
import { Navigation } from "@/components/backoffice/navigation";
import { requireUser } from "@/lib/auth/require-user";
import { isPortalUser, sectionsFor } from "@/components/backoffice/sections";
import { QueryProvider } from "@/components/ui/query-provider";

// Every back-office page reads the session store on each request (global logout must apply at once),
// so nothing here is prerendered.
export const dynamic = "force-dynamic";

export default async function BackofficeLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser();
  const t = await getTranslations("nav");
  const items = sectionsFor(user.permissions).map(({ href, key }) => ({ href, label: t(`sections.${key}.label`) }));
  return (
    <QueryProvider>
      <div className="shell">
        <Navigation items={items} email={user.email} roles={user.roles} isClient={isPortalUser(user.permissions)} />
        <main className="content">{children}</main>
      </div>
    </QueryProvider>
  );
}
