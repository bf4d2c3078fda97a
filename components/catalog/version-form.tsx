"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { FormProvider, useForm } from "react-hook-form";
import type { z } from "zod";
import { CreateVersionInput } from "@/lib/catalog/schemas";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { formMessages } from "@/components/ui/form-messages";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import type { Country, Version, Zone } from "./types";
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
const CATALOG_WRITE = { invalidates: ["/api/v1/products"] };

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
  const form = useForm<VersionFormInput, unknown, FormOutput>({
    resolver: zodResolver(CreateVersionInput, { error: formMessages }),
    defaultValues: initialValues,
  });
  const { error, success, submit } = useApiSubmit(form.setError, EVERY_PATH, CATALOG_WRITE);

  async function onSubmit(values: FormOutput) {
    await submit(async () => {
      if (mode === "create") {
        const created = await apiFetch<Version>(`/api/v1/plans/${planId}/versions`, { method: "POST", body: values });
        onCreated?.(created);
        return "Created the new version.";
      }
      // Activation has its own button; the save sends the terms and every list, each replacing the old.
      const { is_active: _isActive, ...terms } = values;
      const saved = await apiFetch<Version>(`/api/v1/plan-versions/${version.id}`, { method: "PATCH", body: terms });
      form.reset(toFormValues(saved));
      return "Saved the version.";
    });
  }

  return (
    <FormProvider {...form}>
      <form
        className="form"
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label={mode === "create" ? "New version" : "Version terms"}
      >
        {/* A disabled fieldset locks every input and add/remove button at once. */}
        <fieldset className="plain-fieldset" disabled={isReadOnly}>
          <section aria-label="Terms">
            <h3>Terms</h3>
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
                {mode === "create" ? "Create version" : "Save version"}
              </Button>
              {mode === "edit" ? (
                <Button
                  variant="secondary"
                  onClick={() => form.reset()}
                  disabled={!form.formState.isDirty || form.formState.isSubmitting}
                >
                  Undo changes
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </form>
    </FormProvider>
  );
}
