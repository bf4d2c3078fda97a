"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CreateUserInput } from "@/lib/identity/schemas";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { Company, Role, User } from "./types";

// The API takes a list of role names; the form offers one role (more can be assigned in the table).
const CreateUserForm = CreateUserInput.pick({ email: true, password: true, full_name: true, company_id: true }).extend({
  role: z.string().min(1, { message: "choose a role" }),
});
type CreateUserFormInput = z.input<typeof CreateUserForm>;
type CreateUserFormOutput = z.output<typeof CreateUserForm>;

const FIELDS = ["email", "password", "full_name", "company_id"] as const;

type CreateUserFormProps = {
  roles: Role[];
  /** Null when the user may not list companies: the new user then joins the administrator's own company. */
  companies: Company[] | null;
  onCreated: (user: User) => void;
};

export function CreateUserFormPanel({ roles, companies, onCreated }: CreateUserFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserFormInput, unknown, CreateUserFormOutput>({
    resolver: zodResolver(CreateUserForm),
    defaultValues: { email: "", password: "", full_name: "", company_id: "", role: "CLIENTE" },
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS);

  async function onSubmit({ role, ...values }: CreateUserFormOutput) {
    await submit(async () => {
      const user = await apiFetch<User>("/api/v1/auth/users", { method: "POST", body: { ...values, roles: [role] } });
      reset();
      onCreated(user);
      return `Created ${user.email}.`;
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Create a user">
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <Field id="new-user-email" label="E-mail" error={errors.email?.message}>
        <input id="new-user-email" type="email" autoComplete="off" {...register("email")} />
      </Field>
      <Field id="new-user-name" label="Full name (optional)" error={errors.full_name?.message}>
        <input id="new-user-name" type="text" autoComplete="off" {...register("full_name", { setValueAs: emptyToUndefined })} />
      </Field>
      <Field id="new-user-password" label="Password" hint="8 to 128 characters" error={errors.password?.message}>
        <input id="new-user-password" type="password" autoComplete="new-password" {...register("password")} />
      </Field>
      <Field id="new-user-role" label="Role" error={errors.role?.message}>
        <select id="new-user-role" {...register("role")}>
          {roles.map((role) => (
            <option key={role.id} value={role.name}>
              {role.name}
            </option>
          ))}
        </select>
      </Field>
      {companies ? (
        <Field id="new-user-company" label="Company" error={errors.company_id?.message}>
          <select id="new-user-company" {...register("company_id", { setValueAs: emptyToUndefined })}>
            <option value="">My own company</option>
            {companies.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="form-actions">
        <Button type="submit" isBusy={isSubmitting}>
          Create user
        </Button>
      </div>
    </form>
  );
}
