"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import type { Country } from "@/components/catalog/types";
import { CountrySelect } from "@/components/companies/country-select";
import { apiFetch, ApiError, emptyToUndefined } from "@/components/ui/api-client";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { CreateClientInput } from "@/lib/emission/schemas";
import { CountryCode } from "@/lib/schemas";
import { ACQUISITION_CHANNELS, clientName, type Client } from "./types";
import { TextField, FormActions } from "@/components/ui/form-fields";

// The API's schema, with "choose a country" for a select left empty instead of the ISO-code message.
const chosenCountry = z.string().min(1, { message: "choose a country" }).pipe(CountryCode);
const CreateClientForm = CreateClientInput.extend({ nationality: chosenCountry, country_of_residence: chosenCountry });
type CreateClientFormInput = z.input<typeof CreateClientForm>;
type CreateClientFormOutput = z.output<typeof CreateClientForm>;

const FIELDS = [
  "first_name",
  "last_name",
  "email",
  "phone_e164",
  "birth_date",
  "nationality",
  "country_of_residence",
  "acquisition_channel",
] as const;
const EMPTY: CreateClientFormInput = {
  first_name: "",
  last_name: "",
  email: "",
  phone_e164: "",
  birth_date: "",
  nationality: "",
  country_of_residence: "",
  acquisition_channel: "",
};

type CreateClientFormProps = {
  countries: Country[] | null;
  isLoadingCountries: boolean;
  onCreated?: (client: Client) => void;
  /** The form's accessible name; the issue page embeds it under another title. */
  label?: string;
};

/** Registers a client; a taken e-mail (409) and refused values (422) are shown on their fields. */
export function CreateClientFormPanel({
  countries,
  isLoadingCountries,
  onCreated,
  label = "New client",
}: CreateClientFormProps) {
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<CreateClientFormInput, unknown, CreateClientFormOutput>({
    resolver: zodResolver(CreateClientForm, { error: formMessages }),
    defaultValues: EMPTY,
  });
  const { error, success, submit } = useApiSubmit(setFieldError, FIELDS, { invalidates: ["/api/v1/emission/clients"] });

  async function onSubmit(values: CreateClientFormOutput) {
    await submit(async () => {
      try {
        const client = await apiFetch<Client>("/api/v1/emission/clients", { method: "POST", body: values });
        reset(EMPTY);
        onCreated?.(client);
        return `Registered ${clientName(client)}.`;
      } catch (caught) {
        // The only conflict is the e-mail (unique in any letter case): say so where it was typed.
        if (caught instanceof ApiError && caught.status === 409)
          setFieldError("email", { type: "server", message: caught.message });
        throw caught;
      }
    });
  }

  return (
    <form className="form form-grid" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={label}>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
      <TextField
        id="client-first-name"
        label="First name"
        error={errors.first_name?.message}
        autoComplete="off"
        registration={register("first_name")}
      />
      <TextField
        id="client-last-name"
        label="Last name"
        error={errors.last_name?.message}
        autoComplete="off"
        registration={register("last_name")}
      />
      <TextField
        id="client-email"
        label="E-mail"
        error={errors.email?.message}
        type="email"
        autoComplete="off"
        registration={register("email")}
      />
      <TextField
        id="client-phone"
        label="Mobile phone (optional)"
        hint="international (+525512345678) or national form of the country of residence; for messaging-app notices"
        error={errors.phone_e164?.message}
        type="tel"
        autoComplete="off"
        registration={register("phone_e164", { setValueAs: emptyToUndefined })}
      />
      <TextField
        id="client-birth-date"
        label="Birth date"
        error={errors.birth_date?.message}
        type="date"
        registration={register("birth_date")}
      />
      <Field id="client-nationality" label="Nationality" error={errors.nationality?.message}>
        <CountrySelect
          id="client-nationality"
          countries={countries}
          isLoading={isLoadingCountries}
          registration={register("nationality")}
          isInvalid={Boolean(errors.nationality)}
        />
      </Field>
      <Field id="client-country" label="Country of residence" error={errors.country_of_residence?.message}>
        <CountrySelect
          id="client-country"
          countries={countries}
          isLoading={isLoadingCountries}
          registration={register("country_of_residence")}
          isInvalid={Boolean(errors.country_of_residence)}
        />
      </Field>
      <TextField
        id="client-channel"
        label="Acquisition channel (optional)"
        error={errors.acquisition_channel?.message}
        list="client-channels"
        autoComplete="off"
        registration={register("acquisition_channel", { setValueAs: emptyToUndefined })}
      >
        <datalist id="client-channels">
          {ACQUISITION_CHANNELS.map((channel) => (
            <option key={channel} value={channel} />
          ))}
        </datalist>
      </TextField>
      <FormActions submitLabel="Register client" isBusy={isSubmitting} />
    </form>
  );
}
