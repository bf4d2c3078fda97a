"use client";

import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import { CreateBusinessUnitForm } from "./create-business-unit-form";
import { CreateCompanyForm } from "./create-company-form";
import type { Company, Country } from "./types";

export function CompaniesPanel({ canReadCountries }: { canReadCountries: boolean }) {
  const companies = useApiData<Company[]>("/api/v1/organizations/companies");
  const countries = useApiData<Country[]>(canReadCountries ? "/api/v1/geography/countries" : null);
  const countryName = new Map((countries.data ?? []).map((country) => [country.iso_code, country.name]));
  const describeCountry = (code: string | null) => (code ? `${countryName.get(code) ?? code} (${code})` : "—");

  return (
    <>
      <Panel
        title="Create a company"
        description="A company owns its users, clients and policies; a reseller also earns a commission."
      >
        <CreateCompanyForm countries={countries.data} isLoadingCountries={countries.isLoading} />
      </Panel>
      <Panel title="Companies" description="Sorted by name, each with its business units.">
        <ErrorBanner message={companies.error} />
        {companies.isLoading && !companies.data ? <p className="muted">Loading…</p> : null}
        <ul className="company-list">
          {(companies.data ?? []).map((company) => (
            <li key={company.id} className="card" aria-label={company.name}>
              <div className="card-title">
                {company.name} {company.is_default ? <Badge>default</Badge> : null}{" "}
                {company.is_reseller ? <Badge tone="accent">reseller</Badge> : null}
              </div>
              <dl className="facts">
                <dt>Tax id</dt>
                <dd>{company.tax_id ?? "—"}</dd>
                <dt>Country</dt>
                <dd>{describeCountry(company.country_code)}</dd>
                <dt>Commission</dt>
                <dd>{company.commission_rate} %</dd>
              </dl>
              <h3>Business units</h3>
              {company.business_units.length === 0 ? (
                <p className="muted">None yet.</p>
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
                <summary>Add a business unit</summary>
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
