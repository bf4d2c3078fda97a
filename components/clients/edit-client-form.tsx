"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Country } from "@/components/catalog/types";
import { apiFetch, emptyToNull } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { FormActions } from "@/components/ui/form-fields";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CreateClientInput, PreferredLanguage } from "@/lib/emission/schemas";
import { CountryCode } from "@/lib/schemas";
import { CountryField } from "@/components/companies/country-select";
import { ClientContactFields, ClientLanguageField, isEmailTaken } from "./client-fields";
import { clientName, type Client } from "./types";

// What PATCH /emission/clients/{id} changes, with the create form's rules for each field.
const EditClientSchema = z.object({
  first_name: CreateClientInput.shape.first_name,
  last_name: CreateClientInput.shape.last_name,
  email: CreateClientInput.shape.email,
  phone_e164: CreateClientInput.shape.phone_e164.unwrap().nullable(),
  country_of_residence: z.string().min(1).pipe(CountryCode),
  preferred_language: PreferredLanguage,
});
type EditClientFormInput = z.input<typeof EditClientSchema>;
type EditClientFormOutput = z.output<typeof EditClientSchema>;

const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_e164",
  "country_of_residence",
  "preferred_language",
] as const;

function valuesOf(client: Client): EditClientFormInput {
  return {
    first_name: client.first_name,
    last_name: client.last_name,
    email: client.email,
    phone_e164: client.phone_e164,
    country_of_residence: client.country_of_residence,
    preferred_language: client.preferred_language,
  };
}

type EditClientFormProps = {
  client: Client;
  countries: Country[] | null;
  isLoadingCountries: boolean;
};

/**
 * Changes a client's name, e-mail, phone, country and language (PATCH /emission/clients/{id}); the
 * language is the one of the client's certificate, wallet pass and notices. A taken e-mail (409) shows
 * on its field.
 */
export function EditClientForm({ client, countries, isLoadingCountries }: EditClientFormProps) {
  const t = useTranslations("clients");
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<EditClientFormInput, unknown, EditClientFormOutput>({
    resolver: useZodResolver(EditClientSchema),
    defaultValues: valuesOf(client),
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, {
    invalidates: ["/api/v1/emission/clients"],
  });

  // The client as saved (ours or reloaded): the form starts again from it.
  useEffect(() => {
    reset(valuesOf(client));
  }, [client, reset]);

  async function onSubmit(values: EditClientFormOutput) {
    await submit(async () => {
      try {
        const saved = await apiFetch<Client>(`/api/v1/emission/clients/${client.id}`, {
          method: "PATCH",
          body: values,
        });
        return t("view.saved", { name: clientName(saved) });
      } catch (caught) {
        if (isEmailTaken(caught)) setFieldError("email", { type: "server", message: t("form.emailTaken") });
        throw caught;
      }
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("view.edit")}>
      <ErrorSummary control={control} />
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <ClientContactFields
        idPrefix="edit-client"
        registrations={{
          first_name: register("first_name"),
          last_name: register("last_name"),
          email: register("email"),
          // Emptied, the number is removed (null), not left as it was.
          phone_e164: register("phone_e164", { setValueAs: emptyToNull }),
        }}
        errors={{
          first_name: errors.first_name?.message,
          last_name: errors.last_name?.message,
          email: errors.email?.message,
          phone_e164: errors.phone_e164?.message,
        }}
      />
      <CountryField
        id="edit-client-country"
        label={t("form.country")}
        error={errors.country_of_residence?.message}
        registration={register("country_of_residence")}
        countries={countries}
        isLoading={isLoadingCountries}
      />
      <ClientLanguageField
        id="edit-client-language"
        error={errors.preferred_language?.message}
        registration={register("preferred_language")}
      />
      <FormActions submitLabel={t("view.save")} isBusy={isSubmitting} />
    </form>
  );
}
