"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { FormProvider, useFieldArray, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import type { Country, Version } from "@/components/catalog/types";
import { ClientPicker } from "@/components/clients/client-picker";
import type { Client } from "@/components/clients/types";
import { apiFetch, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Panel } from "@/components/ui/panel";
import { PerMonth } from "@/components/ui/premium";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import { IssuePolicyInput, type KinshipType } from "@/lib/emission/schemas";
import { tomorrowIn } from "@/lib/i18n/local-day";
import { Uuid } from "@/lib/schemas";
import { BeneficiaryRow } from "./beneficiary-row";
import { newIdempotencyKey } from "./idempotency-key";
import "./policies.css";
import type { Policy } from "./types";
import { useBeneficiaryPrices } from "./use-beneficiary-prices";
import { VersionSummary } from "@/components/catalog/version-summary";
import { VersionPicker } from "./version-picker";
import { TextField } from "@/components/ui/form-fields";

// The API's schema; the client and the version are chosen with pickers, so an empty one is "required".
const IssueForm = IssuePolicyInput.extend({
  client_id: z.string().min(1).pipe(Uuid),
  plan_version_id: z.string().min(1).pipe(Uuid),
});
type IssueFormInput = z.input<typeof IssueForm>;
type IssueFormOutput = z.output<typeof IssueForm>;

// Every path the issue's 422 may name; beneficiaries.<n>.<field> lands on that row of the field array.
const ISSUE_FIELD =
  /^(client_id|plan_version_id|start_date|beneficiaries\.\d+\.(first_name|last_name|kinship_type|date_of_birth|country_of_residence))$/;
const isIssueField = (path: string) => ISSUE_FIELD.test(path);
/** The pickers' controls, for the error summary's links: their choice is set, not typed. */
const PICKER_TARGETS = { client_id: "client-search", plan_version_id: "issue-version" };

function emptyBeneficiary(kinship: KinshipType): IssueFormInput["beneficiaries"][number] {
  return { first_name: "", last_name: "", kinship_type: kinship, date_of_birth: "", country_of_residence: undefined };
}

/**
 * Issues a policy: the client (found or registered here), the version, the start date and the people
 * to cover, each priced as it is typed. Sent with an Idempotency-Key made when the form opens, so a
 * double click issues one policy; then the policy's page opens.
 */
export function IssuePolicyForm({ initialClientId }: { initialClientId?: string }) {
  const t = useTranslations("policies.issue");
  const f = useFormat();
  const router = useRouter();
  const [idempotencyKey] = useState(newIdempotencyKey);
  // undefined: not chosen on this page yet, so the client of the link (?client=<id>) stands.
  const [clientChoice, setClientChoice] = useState<Client | null | undefined>(undefined);
  const linked = useApiData<Client>(
    initialClientId && clientChoice === undefined ? `/api/v1/emission/clients/${initialClientId}` : null,
  );
  const client = clientChoice === undefined ? (linked.data ?? null) : clientChoice;
  const [version, setVersion] = useState<Version | null>(null);
  const [isIssued, setIsIssued] = useState(false);
  const countries = useApiData<Country[]>("/api/v1/geography/countries");

  const form = useForm<IssueFormInput, unknown, IssueFormOutput>({
    resolver: useZodResolver(IssueForm),
    defaultValues: {
      client_id: "",
      plan_version_id: "",
      // Cover usually starts the next day: the seller's tomorrow, never before the API's today (UTC).
      start_date: tomorrowIn(),
      beneficiaries: [emptyBeneficiary("SELF")],
    },
  });
  const {
    control,
    register,
    handleSubmit,
    setValue,
    setError: setFieldError,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const rows = useFieldArray({ control, name: "beneficiaries" });
  const people = useWatch({ control, name: "beneficiaries" });
  const startDate = useWatch({ control, name: "start_date" });
  const pricing = useBeneficiaryPrices({
    version,
    clientCountry: client?.country_of_residence ?? null,
    startDate,
    people,
  });
  const { error, success, submit } = useApiSubmit(setFieldError, isIssueField);

  // The pickers live outside the form's inputs; their choice is the form's value.
  useEffect(() => {
    setValue("client_id", client?.id ?? "", { shouldValidate: isSubmitted });
  }, [client, setValue, isSubmitted]);

  function chooseVersion(next: Version | null) {
    setVersion(next);
    setValue("plan_version_id", next?.id ?? "", { shouldValidate: isSubmitted });
  }

  async function onSubmit(values: IssueFormOutput) {
    await submit(async () => {
      const policy = await apiFetch<Policy>("/api/v1/emission/issue", {
        method: "POST",
        body: values,
        headers: { "Idempotency-Key": idempotencyKey },
      });
      setIsIssued(true);
      router.push(`/policies/${policy.id}`);
      return t("issued", { number: policy.policy_number });
    });
  }

  const listError = errors.beneficiaries?.root?.message ?? errors.beneficiaries?.message;
  return (
    <>
      <ErrorSummary control={control} targets={PICKER_TARGETS} />
      <Panel title={t("client")} description={t("clientDescription")}>
        <ClientPicker client={client} onChange={setClientChoice} error={errors.client_id?.message} />
      </Panel>
      <FormProvider {...form}>
        <form className="form" onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t("form")}>
          <Panel title={t("planAndStart")} description={t("planAndStartDescription")}>
            <div className="form-grid">
              <VersionPicker idPrefix="issue" onChange={chooseVersion} error={errors.plan_version_id?.message} />
              <TextField
                id="issue-start"
                label={t("startDate")}
                error={errors.start_date?.message}
                type="date"
                registration={register("start_date")}
              />
            </div>
            {version ? <VersionSummary version={version} /> : null}
          </Panel>
          <Panel title={t("beneficiaries")} description={t("beneficiariesDescription")}>
            <ErrorBanner message={countries.error} />
            <div className="beneficiaries">
              {rows.fields.map((row, index) => (
                <BeneficiaryRow
                  key={row.id}
                  index={index}
                  countries={countries.data}
                  isLoadingCountries={countries.isLoading}
                  price={pricing.states[index] ?? { kind: "pending" }}
                  canRemove={rows.fields.length > 1}
                  onRemove={() => rows.remove(index)}
                />
              ))}
            </div>
            {listError ? (
              <p className="field-error" role="alert">
                {listError}
              </p>
            ) : null}
            <div className="form-actions">
              <Button variant="secondary" onClick={() => rows.append(emptyBeneficiary("CHILD"))}>
                {t("addBeneficiary")}
              </Button>
            </div>
            {/* Above the sticky footer rather than in it: a long message would cover half a phone's screen. */}
            <div className="issue-outcome">
              <ErrorBanner message={error} />
              <SuccessBanner message={success} />
            </div>
            <div className="issue-footer">
              <p className="issue-total">
                <PerMonth isShown={Boolean(pricing.total)}>
                  <span role="status" aria-label={t("totalLabel")}>
                    {pricing.total ? (
                      t.rich("total", {
                        count: rows.fields.length,
                        amount: f.money(pricing.total.amount, pricing.total.currency),
                        strong: (chunks) => <strong>{chunks}</strong>,
                      })
                    ) : pricing.hasRefusal ? (
                      <span className="muted">{t("noTotal")}</span>
                    ) : (
                      <span className="muted">{t("totalPending")}</span>
                    )}
                  </span>
                </PerMonth>
              </p>
              <Button type="submit" isBusy={isSubmitting || isIssued}>
                {t("submit")}
              </Button>
            </div>
          </Panel>
        </form>
      </FormProvider>
    </>
  );
}
