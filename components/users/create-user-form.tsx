"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { CompanySelect } from "@/components/companies/company-select";
import { apiFetch, ApiError, emptyToUndefined, useInvalidate } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { AccountLinkNotice, type LinkRequest } from "./account-link-notice";
import type { Company, Role, User } from "./types";
import { TextField, SelectField, FormActions } from "@/components/ui/form-fields";
import { useZodResolver } from "@/components/ui/use-zod-resolver";

type CreateUserFormValues = { email: string; password?: string; full_name?: string; company_id?: string; role: string };

/** The API's CreateUserInput with one role; each problem is said in the page's words by its issue code. */
const CreateUserSchema = z.object({
  email: z.string().trim().min(1).pipe(z.email()),
  password: z.string().min(8).max(128).optional(),
  full_name: z.string().trim().max(200).optional(),
  company_id: z.string().optional(),
  role: z.string().min(1),
});

type CreateUserFormProps = {
  roles: Role[];
  /** Null when the user may not list companies: the new user then joins the administrator's own company. */
  companies: Company[] | null;
  canReadNotifications: boolean;
};

/**
 * POST /auth/users with one role (more can be assigned in the table). Without a password the user is
 * invited by e-mail to choose one (trust.md section 2); the page then shows what became of that e-mail.
 */
export function CreateUserFormPanel({ roles, companies, canReadNotifications }: CreateUserFormProps) {
  const invalidate = useInvalidate();
  const t = useTranslations("users.create");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateUserFormValues>({
    resolver: useZodResolver(CreateUserSchema),
    defaultValues: { email: "", password: "", full_name: "", company_id: "", role: "CLIENTE" },
  });
  const [outcome, setOutcome] = useState<{
    success: string | null;
    error: string | null;
    invitation: LinkRequest | null;
  }>({ success: null, error: null, invitation: null });

  async function onSubmit({ role, ...values }: CreateUserFormValues) {
    setOutcome({ success: null, error: null, invitation: null });
    try {
      const user = await apiFetch<User>("/api/v1/auth/users", { method: "POST", body: { ...values, roles: [role] } });
      reset();
      void invalidate("/api/v1/auth/users");
      const isInvited = values.password === undefined;
      setOutcome({
        success: isInvited ? t("invited", { email: user.email }) : t("created", { email: user.email }),
        error: null,
        // A new user has no earlier invitation: the first one found is this one.
        invitation: isInvited ? { email: user.email, template: "auth.invitation", previousId: null } : null,
      });
    } catch (caught) {
      if (!(caught instanceof ApiError))
        return setOutcome({ success: null, error: t("errors.network"), invitation: null });
      if (caught.code === "weak_password")
        return setFieldError("password", { type: "server", message: t("errors.weakPassword") });
      if (caught.status === 409) return setFieldError("email", { type: "server", message: t("errors.emailTaken") });
      if (caught.status === 403) return setOutcome({ success: null, error: t("errors.forbidden"), invitation: null });
      setOutcome({ success: null, error: t("errors.failed", { detail: caught.message }), invitation: null });
    }
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={outcome.error} />
      <SuccessBanner message={outcome.success} />
      {outcome.invitation ? (
        <AccountLinkNotice request={outcome.invitation} canReadNotifications={canReadNotifications} />
      ) : null}
      <TextField
        id="new-user-email"
        label={t("email")}
        error={
          // The service's refusals (taken, weak) arrive worded already; the form's own problems by their codes.
          errors.email?.type === "server"
            ? errors.email.message
            : errors.email && t(errors.email.type === "required" ? "errors.emailRequired" : "errors.emailInvalid")
        }
        type="email"
        autoComplete="off"
        registration={register("email")}
      />
      <TextField
        id="new-user-name"
        label={t("fullName")}
        error={
          errors.full_name?.type === "server" ? errors.full_name.message : errors.full_name && t("errors.nameTooLong")
        }
        type="text"
        autoComplete="off"
        registration={register("full_name", { setValueAs: emptyToUndefined })}
      />
      <TextField
        id="new-user-password"
        label={t("password")}
        hint={t("passwordHint")}
        error={
          errors.password?.type === "server" ? errors.password.message : errors.password && t("errors.passwordLength")
        }
        type="password"
        autoComplete="new-password"
        registration={register("password", { setValueAs: emptyToUndefined })}
      />
      <SelectField
        id="new-user-role"
        label={t("role")}
        error={errors.role && t("errors.roleRequired")}
        registration={register("role")}
      >
        {roles.map((role) => (
          <option key={role.id} value={role.name}>
            {role.name}
          </option>
        ))}
      </SelectField>
      {companies ? (
        <Field id="new-user-company" label={t("company")} error={errors.company_id?.message}>
          <CompanySelect
            id="new-user-company"
            companies={companies}
            emptyLabel={t("ownCompany")}
            registration={register("company_id", { setValueAs: emptyToUndefined })}
          />
        </Field>
      ) : null}
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
