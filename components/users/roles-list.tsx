import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import { DEFAULT_ROLES } from "@/lib/auth/permissions";
import { usePermissionName } from "./permission-name";
import type { Role } from "./types";

/**
 * Each role with what it allows, in words (the permission's code is its title, for who writes API keys),
 * so an administrator knows what an assignment gives.
 */
export function RolesList({ roles }: { roles: Role[] }) {
  const t = useTranslations("users.roles");
  const permissionName = usePermissionName();
  return (
    <ul className="card-grid">
      {roles.map((role) => {
        // The built-in roles' descriptions are stored in English (lib/auth/permissions.ts): said in the page's language.
        const builtIn = DEFAULT_ROLES.find((defaults) => defaults.name === role.name);
        const description = builtIn ? t(`builtIn.${builtIn.name}`) : role.description;
        return (
          <li key={role.id} className="card">
            <div className="card-title">
              {role.name} <span className="muted">{t("level", { level: role.level })}</span>
            </div>
            {description ? <p className="muted">{description}</p> : null}
            <div className="chips" role="group" aria-label={t("permissionsOf", { role: role.name })}>
              {role.permissions.map((permission) => (
                <span key={permission} title={permission}>
                  <Badge>{permissionName(permission)}</Badge>
                </span>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
