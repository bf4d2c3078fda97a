"use client";

import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import { AssignRoleInput } from "@/lib/identity/schemas";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import type { Role, User } from "./types";

const ASSIGN_FIELDS = ["role_id"] as const;
/** A new role shows in the user's row of the list. */
const ASSIGN_OPTIONS = { invalidates: ["/api/v1/auth/users"] };

/** One row's "give this user a role" control; the API treats a role the user has as a no-op. */
export function AssignRoleForm({ user, roles }: { user: User; roles: Role[] }) {
  const t = useTranslations("users.assign");
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<AssignRoleInput>({
    resolver: useZodResolver(AssignRoleInput),
    defaultValues: { user_id: user.id, role_id: "" },
  });
  const { error, submit } = useApiSubmit(setFieldError, ASSIGN_FIELDS, ASSIGN_OPTIONS);
  const held = new Set(user.roles.map((role) => role.id));
  const selectId = `assign-role-${user.id}`;

  async function onSubmit(values: AssignRoleInput) {
    await submit(async () => {
      await apiFetch("/api/v1/auth/roles/assign", { method: "POST", body: values });
    });
  }

  return (
    <form className="inline-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <input type="hidden" {...register("user_id")} />
      <label htmlFor={selectId} className="visually-hidden">
        {t("label", { email: user.email })}
      </label>
      <select id={selectId} aria-invalid={Boolean(errors.role_id)} {...register("role_id")}>
        <option value="">{t("choose")}</option>
        {roles.map((role) => (
          <option key={role.id} value={role.id} disabled={held.has(role.id)}>
            {role.name}
          </option>
        ))}
      </select>
      <Button type="submit" variant="secondary" isBusy={isSubmitting}>
        {t("submit")}
      </Button>
      <InlineError message={errors.role_id ? t("required") : error === null ? null : t("failed", { detail: error })} />
    </form>
  );
}
