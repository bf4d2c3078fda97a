import { useTranslations } from "next-intl";

/**
 * Who did something, as a person reads it (docs/names.md): the user's name with the e-mail on hover, an API
 * key's name, or "System (<job>)" for background work. `label` is the id the API keeps
 * (`changed_by`, `actor`): a user id, "api_key:<id>" or "system:<name>"; it is never shown.
 */
export function ActorName({ label, name, email }: { label: string; name: string | null; email?: string | null }) {
  const t = useTranslations("common.actor");
  if (name) return <span title={email ?? undefined}>{name}</span>;
  if (label.startsWith("system:")) return <span>{t("system", { name: label.slice("system:".length) })}</span>;
  // A user or key removed since, or nobody (a failed sign-in).
  return <span>{t("unknown")}</span>;
}
