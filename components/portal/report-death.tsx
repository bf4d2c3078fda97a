"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import type { z } from "zod";
import type { Country } from "@/components/companies/types";
import { useCountryNames } from "@/components/geography/country-names";
import type { OwnPolicy } from "@/components/policies/types";
import { apiFetch, emptyToUndefined, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { FormActions, SelectField, TextAreaField, TextField } from "@/components/ui/form-fields";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { CauseOfDeath, type ClaimResponse } from "@/lib/claims/schemas";
import { useRequirementName } from "./claim-checklist";
import { claimablePolicies, localToday, ReportDeathForm, reportablePeople } from "./report-death-schema";
import type { Portal } from "./use-portal";

type FormInput = z.input<typeof ReportDeathForm>;
type FormOutput = z.output<typeof ReportDeathForm>;

const FIELDS = [
  "policy_id",
  "beneficiary_id",
  "date_of_death",
  "cause_of_death",
  "place_of_death_country",
  "repatriation_to_country",
  "description",
] as const satisfies ReadonlyArray<keyof FormInput>;

/** The anchor of the block, for the page's shortcut to it. */
export const REPORT_ANCHOR = "report-death";

type ReportDeathProps = {
  portal: Portal;
  /** The claim was opened: the page shows it with its checklist. */
  onReported: (claim: ClaimResponse) => void;
};

/**
 * "Report a death": a button that opens the form, the form (POST /portal/claims), and once the claim is
 * open, what happens next and the documents to send.
 */
export function ReportDeath({ portal, onReported }: ReportDeathProps) {
  const t = useTranslations("portal.report");
  const [isOpen, setIsOpen] = useState(false);
  const [reported, setReported] = useState<ClaimResponse | null>(null);
  const policies = claimablePolicies(portal.policies);

  let body;
  if (reported) {
    body = (
      <Reported
        claim={reported}
        portal={portal}
        onAnother={() => {
          setReported(null);
          setIsOpen(true);
        }}
      />
    );
  } else if (policies.length === 0) {
    body = <p className="muted">{t("noPolicy")}</p>;
  } else if (!isOpen) {
    body = (
      <div className="report-start">
        <p>{t("intro")}</p>
        <Button onClick={() => setIsOpen(true)}>{t("open")}</Button>
      </div>
    );
  } else {
    body = (
      <ReportDeathFormView
        portal={portal}
        policies={policies}
        onCancel={() => setIsOpen(false)}
        onReported={(claim) => {
          setIsOpen(false);
          setReported(claim);
          onReported(claim);
        }}
      />
    );
  }
  return (
    <Panel id={REPORT_ANCHOR} title={t("title")} description={t("description")}>
      {body}
    </Panel>
  );
}

function ReportDeathFormView({
  portal,
  policies,
  onCancel,
  onReported,
}: {
  portal: Portal;
  policies: OwnPolicy[];
  onCancel: () => void;
  onReported: (claim: ClaimResponse) => void;
}) {
  const t = useTranslations("portal.report");
  const tc = useTranslations("codes");
  const f = useFormat();
  const [today] = useState(localToday);
  const first = policies.length === 1 ? policies[0] : undefined;
  const firstPeople = reportablePeople(first);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, FormOutput>({
    resolver: useZodResolver(ReportDeathForm),
    defaultValues: {
      policy_id: first?.id ?? "",
      beneficiary_id: firstPeople.length === 1 ? firstPeople[0].id : "",
      date_of_death: today,
      cause_of_death: "UNDETERMINED",
      place_of_death_country: "",
      repatriation_to_country: undefined,
      description: "",
    },
  });
  const { error, submit } = useApiSubmit(setError, FIELDS, {
    invalidates: ["/api/v1/claims"],
  });
  const policyId = useWatch({ control, name: "policy_id" });
  const beneficiaryId = useWatch({ control, name: "beneficiary_id" });
  const policy = policies.find((candidate) => candidate.id === policyId);
  const people = reportablePeople(policy);
  const person = people.find((candidate) => candidate.id === beneficiaryId);
  // Where the body goes unless told: the person's country, else the client's (the API's default).
  const home = person?.country_of_residence ?? portal.client.country_of_residence;

  async function onSubmit(values: FormOutput) {
    if (values.date_of_death > today) {
      setError("date_of_death", { type: "max", message: t("futureDate") });
      return;
    }
    await submit(async () => {
      const claim = await apiFetch<ClaimResponse>("/api/v1/portal/claims", { method: "POST", body: values });
      onReported(claim);
    });
  }

  const policyField = register("policy_id");
  return (
    <form className="form report-form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("formLabel")}>
      <ErrorSummary control={control} />
      <p className="muted">{t("formIntro")}</p>
      <ErrorBanner message={error} />
      <div className="form-grid">
        <SelectField
          id="report-policy"
          label={t("policy")}
          error={errors.policy_id?.message}
          registration={{
            ...policyField,
            onChange: async (event) => {
              await policyField.onChange(event);
              // Another policy covers other people: choose again (or the only one it has).
              const chosen = reportablePeople(policies.find((candidate) => candidate.id === event.target.value));
              setValue("beneficiary_id", chosen.length === 1 ? chosen[0].id : "");
            },
          }}
        >
          {policies.length > 1 ? <option value="">{t("choosePolicy")}</option> : null}
          {policies.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {t("policyOption", { number: candidate.policy_number, plan: candidate.plan_name })}
            </option>
          ))}
        </SelectField>
        <SelectField
          id="report-person"
          label={t("person")}
          error={errors.beneficiary_id?.message}
          disabled={!policy}
          registration={register("beneficiary_id")}
        >
          <option value="">{policy ? t("choosePerson") : t("choosePolicyFirst")}</option>
          {people.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.first_name} {candidate.last_name} ({tc(`kinship.${candidate.kinship_type}`).toLowerCase()})
            </option>
          ))}
        </SelectField>
        <TextField
          id="report-date"
          label={t("date")}
          error={errors.date_of_death?.message}
          type="date"
          max={today}
          registration={register("date_of_death")}
        />
        <SelectField
          id="report-cause"
          label={t("cause")}
          hint={t("causeHint")}
          error={errors.cause_of_death?.message}
          registration={register("cause_of_death")}
        >
          {CauseOfDeath.options.map((cause) => (
            <option key={cause} value={cause}>
              {tc(`causeOfDeath.${cause}`)}
            </option>
          ))}
        </SelectField>
        <CountryField
          id="report-place"
          label={t("place")}
          hint={t("placeHint")}
          emptyLabel={t("chooseCountry")}
          error={errors.place_of_death_country?.message}
          registration={register("place_of_death_country", { setValueAs: emptyToUndefined })}
        />
        <CountryField
          id="report-destination"
          label={t("destination")}
          hint={t("destinationHint", { country: f.country(home) })}
          emptyLabel={t("destinationDefault", { country: f.country(home) })}
          error={errors.repatriation_to_country?.message}
          registration={register("repatriation_to_country", { setValueAs: emptyToUndefined })}
        />
      </div>
      <TextAreaField
        id="report-description"
        label={t("what")}
        hint={t("whatHint")}
        error={errors.description?.message}
        rows={4}
        maxLength={5000}
        registration={register("description")}
      />
      <FormActions submitLabel={t("submit")} isBusy={isSubmitting} onCancel={onCancel} />
    </form>
  );
}

/** A country by its name in the page's language, sent as its ISO code. */
function CountryField({
  id,
  label,
  hint,
  emptyLabel,
  error,
  registration,
}: {
  id: string;
  label: string;
  hint: string;
  emptyLabel: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const named = useCountryNames(countries.data ?? NO_COUNTRIES);
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <select id={id} aria-invalid={Boolean(error)} disabled={countries.data === null} {...registration}>
        <option value="">{emptyLabel}</option>
        {named.map((country) => (
          <option key={country.id} value={country.iso_code}>
            {country.name}
          </option>
        ))}
      </select>
    </Field>
  );
}

const NO_COUNTRIES: Country[] = [];

/** The claim is open: kind words, what happens next, and the documents to send (linked to its card). */
function Reported({ claim, portal, onAnother }: { claim: ClaimResponse; portal: Portal; onAnother: () => void }) {
  const t = useTranslations("portal.report");
  const nameOf = useRequirementName();
  const person = portal.policies
    .flatMap((policy) => policy.beneficiaries)
    .find((candidate) => candidate.id === claim.beneficiary_id);
  const name = person ? `${person.first_name} ${person.last_name}` : "";
  const needed = claim.requirements.filter((item) => item.status === "MISSING");
  return (
    <div className="report-done" role="status">
      <p className="report-done-title">{t("doneTitle", { name })}</p>
      <p>{t("doneBody")}</p>
      <h3>{t("nextTitle")}</h3>
      <ol className="report-next">
        <li>{t("nextDocuments", { count: needed.length })}</li>
        <li>{t("nextReview")}</li>
        <li>{t("nextPayment")}</li>
      </ol>
      {needed.length > 0 ? (
        <ul className="unit-list">
          {needed.map((item) => (
            <li key={item.code}>{nameOf(item)}</li>
          ))}
        </ul>
      ) : null}
      <p className="form-actions">
        <a className="button button-primary" href={`#claim-${claim.id}`}>
          {t("goToChecklist")}
        </a>
        <Button variant="secondary" onClick={onAnother}>
          {t("another")}
        </Button>
      </p>
    </div>
  );
}
