import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
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
      {roles.map((role) => (
        <li key={role.id} className="card">
          <div className="card-title">
            {role.name} <span className="muted">{t("level", { level: role.level })}</span>
          </div>
          {role.description ? <p className="muted">{role.description}</p> : null}
          <div className="chips" role="group" aria-label={t("permissionsOf", { role: role.name })}>
            {role.permissions.map((permission) => (
              <span key={permission} title={permission}>
                <Badge>{permissionName(permission)}</Badge>
              </span>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
