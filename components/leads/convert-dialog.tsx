"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { createPortal } from "react-dom";
import { useForm } from "react-hook-form";
import type { Country } from "@/components/catalog/types";
import { ClientPicker } from "@/components/clients/client-picker";
import {
  CreateClientForm,
  IDENTITY_FIELDS,
  NewClientIdentityFields,
  type CreateClientFormInput,
  type CreateClientFormOutput,
} from "@/components/clients/create-client-form";
import type { Client } from "@/components/clients/types";
import { ApiError, apiFetch, useApiData, useInvalidate } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { leadName, type Lead } from "./types";

/** The new client's form starts from what the lead gave: its names, e-mail and phone. */
function fromLead(lead: Lead): CreateClientFormInput {
  return {
    first_name: lead.first_name ?? "",
    last_name: lead.last_name ?? "",
    email: lead.email ?? "",
    phone_e164: lead.phone_e164,
    birth_date: "",
    nationality: "",
    country_of_residence: "",
    acquisition_channel: lead.source_channel ?? undefined,
  };
}

/** The API names the new client's fields under `client.`; the form has them at its top. */
function withFormPaths(error: ApiError): ApiError {
  const errors = error.errors.map((item) => ({ ...item, path: item.path.replace(/^client\./, "") }));
  return new ApiError(error.status, error.message, errors, error.code);
}

type ConvertDialogProps = {
  lead: Lead;
  /** The lead as POST /leads/{id}/convert returned it. */
  onConverted: (lead: Lead) => void;
  /** Cancel, Escape or the close of the dialog: nothing was sent. */
  onClose: () => void;
};

/**
 * Converting is final and makes a client, so it is asked in a dialog of its own: register the lead as a
 * new client (the form starts from the lead's own details) or link a client who exists, then confirm. One
 * POST /leads/{id}/convert does both, so a refusal leaves neither a client nor a moved lead; Cancel sends
 * nothing.
 */
export function ConvertDialog({ lead, onConverted, onClose }: ConvertDialogProps) {
  const t = useTranslations("leads.convert");
  const tForm = useTranslations("clients.form");
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [mode, setMode] = useState<"new" | "existing">("new");
  const [client, setClient] = useState<Client | null>(null);
  const [clientError, setClientError] = useState<string | undefined>(undefined);
  const countries = useApiData<Country[]>(mode === "new" ? "/api/v1/geography/countries" : null);
  const invalidate = useInvalidate();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<CreateClientFormInput, unknown, CreateClientFormOutput>({
    resolver: useZodResolver(CreateClientForm),
    defaultValues: fromLead(lead),
  });
  const { error, isBusy, submit } = useApiSubmit(setFieldError, IDENTITY_FIELDS, {
    invalidates: ["/api/v1/leads", "/api/v1/emission/clients"],
    describeError: (caught) =>
      !(caught instanceof ApiError)
        ? t("network")
        : caught.code === "email_taken"
          ? t("emailTaken")
          : caught.status === 409
            ? t("notQualified")
            : caught.status === 403
              ? t("forbidden")
              : t("failed", { detail: caught.message }),
  });

  // A modal dialog: the page behind it is inert, Escape closes it, the focus stays inside.
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const send = (body: object) =>
    submit(async () => {
      try {
        onConverted(await apiFetch<Lead>(`/api/v1/leads/${lead.id}/convert`, { method: "POST", body }));
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        // Someone moved the lead meanwhile: the leads on show load again to say where it stands.
        if (caught.status === 409 && caught.code !== "email_taken") void invalidate("/api/v1/leads");
        if (caught.code === "email_taken") setFieldError("email", { type: "server", message: tForm("emailTaken") });
        throw withFormPaths(caught);
      }
    });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (mode === "new") return handleSubmit((values) => send({ client: values }))(event);
    event.preventDefault();
    if (!client) return setClientError(t("chooseClient"));
    void send({ client_id: client.id });
  }

  const name = leadName(lead);
  // On the body, not inside the card or panel that opened it, whose styles and lists it must not inherit.
  return createPortal(
    <dialog ref={dialog} className="convert-dialog" aria-labelledby={titleId} onClose={onClose}>
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <h2 id={titleId}>{t("title", { name })}</h2>
        <p className="muted">{t("explain")}</p>
        {mode === "new" ? <ErrorSummary control={control} /> : null}
        <ErrorBanner message={error} />
        <fieldset className="plain-fieldset convert-mode">
          <legend>{t("which")}</legend>
          <label>
            <input type="radio" name="convert-mode" checked={mode === "new"} onChange={() => setMode("new")} />{" "}
            {t("newClient")}
          </label>
          <label>
            <input
              type="radio"
              name="convert-mode"
              checked={mode === "existing"}
              onChange={() => setMode("existing")}
            />{" "}
            {t("existingClient")}
          </label>
        </fieldset>
        {mode === "new" ? (
          <div className="form-grid">
            <NewClientIdentityFields
              idPrefix="convert"
              register={register}
              errors={errors}
              countries={countries.data}
              isLoadingCountries={countries.isLoading}
            />
          </div>
        ) : (
          <ClientPicker
            client={client}
            canCreate={false}
            error={clientError}
            onChange={(chosen) => {
              setClient(chosen);
              setClientError(undefined);
            }}
          />
        )}
        <div className="form-actions">
          <Button type="submit" isBusy={isBusy}>
            {t("confirm")}
          </Button>
          <Button variant="secondary" onClick={() => dialog.current?.close()} disabled={isBusy}>
            {t("cancel")}
          </Button>
        </div>
      </form>
    </dialog>,
    document.body,
  );
}
