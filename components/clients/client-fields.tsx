"use client";

import { useTranslations } from "next-intl";
import type { UseFormRegisterReturn } from "react-hook-form";
import { ApiError } from "@/components/ui/api-client";
import { SelectField, TextField } from "@/components/ui/form-fields";
import { LOCALES } from "@/lib/i18n/locales";

type ContactField = "first_name" | "last_name" | "email" | "phone_e164";

/** The name, e-mail and phone fields of the create and edit forms, registered by the form that holds them. */
export function ClientContactFields({
  idPrefix,
  registrations,
  errors,
}: {
  idPrefix: string;
  registrations: Record<ContactField, UseFormRegisterReturn>;
  errors: Partial<Record<ContactField, string>>;
}) {
  const t = useTranslations("clients.form");
  return (
    <>
      <TextField
        id={`${idPrefix}-first-name`}
        label={t("firstName")}
        error={errors.first_name}
        autoComplete="off"
        registration={registrations.first_name}
      />
      <TextField
        id={`${idPrefix}-last-name`}
        label={t("lastName")}
        error={errors.last_name}
        autoComplete="off"
        registration={registrations.last_name}
      />
      <TextField
        id={`${idPrefix}-email`}
        label={t("email")}
        error={errors.email}
        type="email"
        autoComplete="off"
        registration={registrations.email}
      />
      <TextField
        id={`${idPrefix}-phone`}
        label={t("phone")}
        hint={t("phoneHint")}
        error={errors.phone_e164}
        type="tel"
        autoComplete="off"
        registration={registrations.phone_e164}
      />
    </>
  );
}

/** The client's language: for its certificate, wallet pass and notices. `emptyLabel` offers "let the API choose". */
export function ClientLanguageField({
  id,
  error,
  registration,
  emptyLabel,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
  emptyLabel?: string;
}) {
  const t = useTranslations("clients.form");
  const tc = useTranslations("codes");
  return (
    <SelectField id={id} label={t("language")} hint={t("languageHint")} error={error} registration={registration}>
      {emptyLabel ? <option value="">{emptyLabel}</option> : null}
      {LOCALES.map((language) => (
        <option key={language} value={language}>
          {tc(`language.${language}`)}
        </option>
      ))}
    </SelectField>
  );
}

/** The one conflict of a client's create or edit (409): the e-mail is taken, in any letter case. */
export function isEmailTaken(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409;
}
