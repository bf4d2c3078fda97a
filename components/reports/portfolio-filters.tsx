"use client";

import { useTranslations } from "next-intl";
import { useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { NO_FILTERS, todayUtc, type Company, type Product, type ReportFilters } from "./report-data";

export type ReportScope = {
  /** ADMIN (organizations:manage): any company and unit; others are held to their own by the API. */
  canPickCompany: boolean;
  /** The seller's own business unit, when its role is held to one. */
  ownBusinessUnitId: string | null;
  /** plans:read: the plans to filter by. */
  canReadPlans: boolean;
};

type PortfolioFiltersProps = ReportScope & {
  filters: ReportFilters;
  onChange: (next: ReportFilters) => void;
};

/**
 * Company, business unit, plan and as-of date. An administrator picks among every company and its
 * units; a seller's company (and unit, when it has one) is fixed to its scope, as the API holds it.
 */
export function PortfolioFilters({
  filters,
  onChange,
  canPickCompany,
  ownBusinessUnitId,
  canReadPlans,
}: PortfolioFiltersProps) {
  const t = useTranslations("reports.filters");
  const companies = useApiData<Company[]>(canPickCompany ? "/api/v1/organizations/companies" : null);
  const products = useApiData<Product[]>(canReadPlans ? "/api/v1/products/" : null);
  const company = companies.data?.find((item) => item.id === filters.companyId);
  const change = (next: Partial<ReportFilters>) => onChange({ ...filters, ...next });
  const isFiltered = Object.values(filters).some(Boolean);

  return (
    <>
      <div className="filters-grid report-filters" role="search" aria-label={t("label")}>
        <Field id="report-company" label={t("company")} hint={canPickCompany ? undefined : t("fixedScope")}>
          {canPickCompany ? (
            <select
              id="report-company"
              value={filters.companyId}
              // A unit belongs to one company: choosing another company forgets it.
              onChange={(event) => change({ companyId: event.target.value, businessUnitId: "" })}
            >
              <option value="">{t("allCompanies")}</option>
              {(companies.data ?? []).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </select>
          ) : (
            <select id="report-company" value="" disabled>
              <option value="">{t("ownCompany")}</option>
            </select>
          )}
        </Field>
        <Field
          id="report-unit"
          label={t("unit")}
          hint={canPickCompany && !company ? t("chooseCompanyFirst") : undefined}
        >
          {canPickCompany ? (
            <select
              id="report-unit"
              value={filters.businessUnitId}
              disabled={!company}
              onChange={(event) => change({ businessUnitId: event.target.value })}
            >
              <option value="">{t("allUnits")}</option>
              {(company?.business_units ?? []).map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unit.code ? `${unit.name} (${unit.code})` : unit.name}
                </option>
              ))}
            </select>
          ) : (
            <select id="report-unit" value="" disabled>
              <option value="">{ownBusinessUnitId ? t("ownUnit") : t("allUnits")}</option>
            </select>
          )}
        </Field>
        {canReadPlans ? (
          <Field id="report-plan" label={t("plan")}>
            <select
              id="report-plan"
              value={filters.planId}
              onChange={(event) => change({ planId: event.target.value })}
            >
              <option value="">{t("allPlans")}</option>
              {(products.data ?? []).flatMap((product) =>
                product.plans.map((plan) => (
                  <option key={plan.id} value={plan.id}>
                    {t("planOption", { product: product.name, plan: plan.name })}
                  </option>
                )),
              )}
            </select>
          </Field>
        ) : null}
        <Field id="report-as-of" label={t("asOf")} hint={t("asOfHint")}>
          <input
            id="report-as-of"
            type="date"
            max={todayUtc()}
            value={filters.asOf}
            onChange={(event) => change({ asOf: event.target.value })}
          />
        </Field>
        {isFiltered ? (
          <div className="form-actions">
            <Button variant="secondary" onClick={() => onChange(NO_FILTERS)}>
              {t("clear")}
            </Button>
          </div>
        ) : null}
      </div>
      <ErrorBanner message={companies.error ?? products.error} />
    </>
  );
}
