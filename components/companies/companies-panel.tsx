"use client";

import { useTranslations } from "next-intl";
import { displayPhone } from "@/lib/phone-display";
import { useApiData } from "@/components/ui/api-client";
import { useFormat } from "@/components/ui/use-format";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import { CreateBusinessUnitForm } from "./create-business-unit-form";
import { CreateCompanyForm } from "./create-company-form";
import { EditCompanyForm } from "./edit-company-form";
import type { Company, Country } from "./types";

export function CompaniesPanel({ canReadCountries }: { canReadCountries: boolean }) {
  const companies = useApiData<Company[]>("/api/v1/organizations/companies");
  const countries = useApiData<Country[]>(canReadCountries ? "/api/v1/geography/countries" : null);
  const t = useTranslations("companies");
  const f = useFormat();
  // The country's name in the page's language (Intl.DisplayNames), whether or not the list is readable.
  const describeCountry = (code: string | null) => (code ? `${f.country(code)} (${code})` : "—");

  return (
    <>
      <Panel title={t("create.title")} description={t("create.description")}>
        <CreateCompanyForm countries={countries.data} isLoadingCountries={countries.isLoading} />
      </Panel>
      <Panel title={t("list.title")} description={t("list.description")}>
        <ErrorBanner message={companies.error} />
        {companies.isLoading && !companies.data ? <p className="muted">{t("list.loading")}</p> : null}
        <ul className="company-list">
          {(companies.data ?? []).map((company) => (
            <li key={company.id} className="card" aria-label={company.name}>
              <div className="card-title">
                {company.name} {company.is_default ? <Badge>{t("list.default")}</Badge> : null}{" "}
                {company.is_reseller ? <Badge tone="accent">{t("list.reseller")}</Badge> : null}
              </div>
              <dl className="facts">
                <dt>{t("list.taxId")}</dt>
                <dd>{company.tax_id ?? "—"}</dd>
                <dt>{t("list.country")}</dt>
                <dd>{describeCountry(company.country_code)}</dd>
                <dt>{t("list.commission")}</dt>
                <dd>{f.number(company.commission_rate, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %</dd>
                <dt>{t("list.contactPhone")}</dt>
                <dd>{company.contact_phone ? displayPhone(company.contact_phone) : "—"}</dd>
              </dl>
              <h3>{t("list.units")}</h3>
              {company.business_units.length === 0 ? (
                <p className="muted">{t("list.noUnits")}</p>
              ) : (
                <ul className="unit-list">
                  {company.business_units.map((unit) => (
                    <li key={unit.id}>
                      {unit.name}
                      {unit.code ? <span className="muted"> · {unit.code}</span> : null}
                      {unit.country_code ? (
                        <span className="muted"> · {describeCountry(unit.country_code)}</span>
                      ) : null}
                    </li>
                  ))}
                </ul>
              )}
              <details>
                <summary>{t("edit.title")}</summary>
                <EditCompanyForm
                  company={company}
                  countries={countries.data}
                  isLoadingCountries={countries.isLoading}
                />
              </details>
              <details>
                <summary>{t("unit.title")}</summary>
                <CreateBusinessUnitForm
                  company={company}
                  countries={countries.data}
                  isLoadingCountries={countries.isLoading}
                />
              </details>
            </li>
          ))}
        </ul>
      </Panel>
    </>
  );
}
