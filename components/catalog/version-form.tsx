"use client";

import { useTranslations } from "next-intl";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateVersionInput } from "@/lib/catalog/schemas";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { Country, Version, Zone } from "./types";
import { useCatalogErrors } from "./use-catalog-errors";
import { useCatalogResolver } from "./use-catalog-resolver";
import { CountryRulesFields, CoveragesFields, SurchargeBandsFields, ZoneRulesFields } from "./version-rules-fields";
import { VersionTermsFields, type VersionFormInput } from "./version-terms-fields";

type FormOutput = z.output<typeof CreateVersionInput>;

const EVERY_PATH = () => true;

/** The form's values from a version the API returned: nulls become "not given", as the inputs expect. */
export function toFormValues(version: Version): VersionFormInput {
  return {
    version_label: version.version_label ?? undefined,
    cost_price: version.cost_price ?? "",
    public_price: version.public_price,
    currency: version.currency,
    max_entry_age: version.max_entry_age,
    max_renewal_age: version.max_renewal_age,
    wtime_suicide: version.wtime_suicide,
    wtime_accident: version.wtime_accident,
    wtime_preexisting: version.wtime_preexisting,
    wtime_natural: version.wtime_natural,
    grace_period_days: version.grace_period_days,
    not_taken_up_days: version.not_taken_up_days,
    reinstatement_window_days: version.reinstatement_window_days,
    cooling_off_days: version.cooling_off_days,
    is_renewable: version.is_renewable,
    renewal_notice_days: version.renewal_notice_days,
    is_active: version.is_active,
    countries: version.countries.map((rule) => ({
      country_code: rule.country_code,
      is_available: rule.is_available,
      price: rule.price ?? undefined,
    })),
    zones: version.zones.map((rule) => ({ zone_id: rule.zone_id, is_available: rule.is_available })),
    age_surcharges: version.age_surcharges.map((band) => ({
      min_age: band.min_age,
      max_age: band.max_age,
      percentage: band.percentage,
    })),
    coverages: version.coverages.map((coverage) => ({
      name: coverage.name,
      description: coverage.description ?? undefined,
      limit_amount: coverage.limit_amount ?? undefined,
    })),
  };
}

/** Every catalog read is under /products: a saved version shows in them once loaded again. */
const CATALOG_WRITE = ["/api/v1/products"];

type VersionFormProps = {
  /** "edit" saves this version (PATCH); "create" adds a new version to its plan, starting from it (POST). */
  mode: "edit" | "create";
  planId: string;
  version: Version;
  initialValues: VersionFormInput;
  countries: Country[] | null;
  zones: Zone[] | null;
  isReadOnly: boolean;
  /** Where a new version goes once created (its page); an edit stays on the page, which loads the catalog again. */
  onCreated?: (version: Version) => void;
};

/**
 * A version's terms and its four lists in one form, sent whole. The same form edits a version and
 * starts a new one from it, so both validate with the shared CreateVersionInput.
 */
export function VersionForm({
  mode,
  planId,
  version,
  initialValues,
  countries,
  zones,
  isReadOnly,
  onCreated,
}: VersionFormProps) {
  const t = useTranslations("catalog.form");
  const resolver = useCatalogResolver(CreateVersionInput);
  const describeError = useCatalogErrors();
  const form = useForm<VersionFormInput, unknown, FormOutput>({ resolver, defaultValues: initialValues });
  const { error, success, submit } = useApiSubmit(form.setError, EVERY_PATH, {
    invalidates: CATALOG_WRITE,
    describeError,
  });

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      if (mode === "create") {
        const created = await apiFetch<Version>(`/api/v1/plans/${planId}/versions`, { method: "POST", body: values });
        onCreated?.(created);
        return t("created");
      }
      // Activation has its own button; the save sends the terms and every list, each replacing the old.
      const { is_active: _isActive, ...terms } = values;
      const saved = await apiFetch<Version>(`/api/v1/plan-versions/${version.id}`, { method: "PATCH", body: terms });
      form.reset(toFormValues(saved));
      return t("saved");
    });
  }

  return (
    <FormProvider {...form}>
      <form
        className="form"
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label={mode === "create" ? t("newLabel") : t("editLabel")}
      >
        <ErrorSummary control={form.control} />
        {/* A disabled fieldset locks every input and add/remove button at once. */}
        <fieldset className="plain-fieldset" disabled={isReadOnly}>
          <section aria-label={t("terms")}>
            <h3>{t("terms")}</h3>
            <VersionTermsFields
              prefix=""
              idPrefix="version"
              currentCurrency={version.currency}
              hasActiveField={mode === "create"}
            />
          </section>
          <CountryRulesFields countries={countries} />
          <ZoneRulesFields zones={zones} />
          <SurchargeBandsFields />
          <CoveragesFields />
        </fieldset>
        {isReadOnly ? null : (
          // Kept in sight at the bottom of a long form, with the outcome next to the button that caused it.
          <div className="form-footer">
            <ErrorBanner message={error} />
            <SuccessBanner message={success} />
            <div className="form-actions">
              <Button type="submit" isBusy={form.formState.isSubmitting}>
                {mode === "create" ? t("create") : t("save")}
              </Button>
              {mode === "edit" ? (
                <Button
                  variant="secondary"
                  onClick={() => form.reset()}
                  disabled={!form.formState.isDirty || form.formState.isSubmitting}
                >
                  {t("undo")}
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </form>
    </FormProvider>
  );
}
