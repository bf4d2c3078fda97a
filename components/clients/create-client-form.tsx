"use client";

import { useTranslations } from "next-intl";
import { useForm, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { z } from "zod";
import type { Country } from "@/components/catalog/types";
import { apiFetch, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CreateClientInput } from "@/lib/emission/schemas";
import { CountryCode } from "@/lib/schemas";
import { ACQUISITION_CHANNELS, clientName, type Client } from "./types";
import { TextField, FormActions } from "@/components/ui/form-fields";
import { CountryField } from "@/components/companies/country-select";
import { ClientContactFields, ClientLanguageField, isEmailTaken } from "./client-fields";

// The API's schema, with "required" for a select left empty instead of the ISO-code message.
const chosenCountry = z.string().min(1).pipe(CountryCode);
export const CreateClientForm = CreateClientInput.extend({
  nationality: chosenCountry,
  country_of_residence: chosenCountry,
});
export type CreateClientFormInput = z.input<typeof CreateClientForm>;
export type CreateClientFormOutput = z.output<typeof CreateClientForm>;

/** The fields of NewClientIdentityFields, where the API's 422 items are shown. */
export const IDENTITY_FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_e164",
  "birth_date",
  "nationality",
  "country_of_residence",
] as const;
const FIELDS = [...IDENTITY_FIELDS, "acquisition_channel", "preferred_language"] as const;
const EMPTY: CreateClientFormInput = {
  first_name: "",
  last_name: "",
  email: "",
  phone_e164: "",
  birth_date: "",
  nationality: "",
  country_of_residence: "",
  acquisition_channel: "",
  // Empty: the API chooses (the registering user's saved language, else the default one).
  preferred_language: undefined,
};

/**
 * Who the new client is and where: contact, birth date, nationality and residence. The client form and
 * the lead conversion dialog (components/leads/convert-dialog.tsx) register a client with the same fields.
 */
export function NewClientIdentityFields({
  idPrefix,
  register,
  errors,
  countries,
  isLoadingCountries,
}: {
  idPrefix: string;
  register: UseFormRegister<CreateClientFormInput>;
  errors: FieldErrors<CreateClientFormInput>;
  countries: Country[] | null;
  isLoadingCountries: boolean;
}) {
  const t = useTranslations("clients.form");
  return (
    <>
      <ClientContactFields
        idPrefix={idPrefix}
        registrations={{
          first_name: register("first_name"),
          last_name: register("last_name"),
          email: register("email"),
          phone_e164: register("phone_e164", { setValueAs: emptyToUndefined }),
        }}
        errors={{
          first_name: errors.first_name?.message,
          last_name: errors.last_name?.message,
          email: errors.email?.message,
          phone_e164: errors.phone_e164?.message,
        }}
      />
      <TextField
        id={`${idPrefix}-birth-date`}
        label={t("birthDate")}
        error={errors.birth_date?.message}
        type="date"
        registration={register("birth_date")}
      />
      <CountryField
        id={`${idPrefix}-nationality`}
        label={t("nationality")}
        error={errors.nationality?.message}
        registration={register("nationality")}
        countries={countries}
        isLoading={isLoadingCountries}
      />
      <CountryField
        id={`${idPrefix}-country`}
        label={t("country")}
        error={errors.country_of_residence?.message}
        registration={register("country_of_residence")}
        countries={countries}
        isLoading={isLoadingCountries}
      />
    </>
  );
}

type CreateClientFormProps = {
  countries: Country[] | null;
  isLoadingCountries: boolean;
  onCreated?: (client: Client) => void;
  /** The form's accessible name; the issue page embeds it under another title. */
  label?: string;
};

/** Registers a client; a taken e-mail (409) and refused values (422) are shown on their fields. */
export function CreateClientFormPanel({ countries, isLoadingCountries, onCreated, label }: CreateClientFormProps) {
  const t = useTranslations("clients.form");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientFormInput, unknown, CreateClientFormOutput>({
    resolver: useZodResolver(CreateClientForm),
    defaultValues: EMPTY,
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: ["/api/v1/emission/clients"] });

  async function onSubmit(values: CreateClientFormOutput) {
    await submit(async () => {
      try {
        const client = await apiFetch<Client>("/api/v1/emission/clients", { method: "POST", body: values });
        reset(EMPTY);
        onCreated?.(client);
        return t("registered", { name: clientName(client) });
      } catch (caught) {
        // The only conflict is the e-mail (unique in any letter case): say so where it was typed.
        if (isEmailTaken(caught)) setFieldError("email", { type: "server", message: t("emailTaken") });
        throw caught;
      }
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={label ?? t("label")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <NewClientIdentityFields
        idPrefix="client"
        register={register}
        errors={errors}
        countries={countries}
        isLoadingCountries={isLoadingCountries}
      />
      <TextField
        id="client-channel"
        label={t("channel")}
        error={errors.acquisition_channel?.message}
        list="client-channels"
        autoComplete="off"
        registration={register("acquisition_channel", { setValueAs: emptyToUndefined })}
      >
        <datalist id="client-channels">
          {ACQUISITION_CHANNELS.map((channel) => (
            <option key={channel} value={channel} label={t(`channels.${channel}`)} />
          ))}
        </datalist>
      </TextField>
      <ClientLanguageField
        id="client-language"
        error={errors.preferred_language?.message}
        registration={register("preferred_language", { setValueAs: emptyToUndefined })}
        emptyLabel={t("languageDefault")}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} />
    </form>
  );
}
