"use client";

import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import { CountriesTable } from "./countries-table";
import { CreateZoneForm } from "./create-zone-form";
import { LinkCountryToZoneForm } from "./link-country-form";
import type { Country, Zone } from "./types";

const NO_COUNTRIES: Country[] = [];

export function GeographyPanel({ canManage }: { canManage: boolean }) {
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const zones = useApiData<Zone[]>("/api/v1/geography/zones");
  const countryList = countries.data ?? NO_COUNTRIES;

  return (
    <>
      <Panel title="Zones" description="Groups of countries that plans and prices refer to.">
        <ErrorBanner message={zones.error} />
        {zones.data && zones.data.length === 0 ? <p className="muted">No zone yet.</p> : null}
        <ul className="company-list">
          {(zones.data ?? []).map((zone) => (
            <li key={zone.id} className="card" aria-label={zone.name}>
              <div className="card-title">{zone.name}</div>
              {zone.description ? <p className="muted">{zone.description}</p> : null}
              <div className="chips" role="group" aria-label={`Countries of ${zone.name}`}>
                {zone.countries.length === 0 ? <span className="muted">No country linked.</span> : null}
                {zone.countries.map((country) => (
                  <Badge key={country.id}>
                    {country.name} ({country.iso_code})
                  </Badge>
                ))}
              </div>
              {canManage ? <LinkCountryToZoneForm zone={zone} countries={countryList} /> : null}
            </li>
          ))}
        </ul>
      </Panel>
      {canManage ? (
        <Panel title="Create a zone">
          <CreateZoneForm />
        </Panel>
      ) : null}
      <Panel title="Countries" description="Every ISO 3166-1 country.">
        <ErrorBanner message={countries.error} />
        <CountriesTable countries={countryList} isLoading={countries.isLoading} />
      </Panel>
    </>
  );
}
