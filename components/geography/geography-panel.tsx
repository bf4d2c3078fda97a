"use client";

import { useTranslations } from "next-intl";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge, Panel } from "@/components/ui/panel";
import { CountriesTable } from "./countries-table";
import { useCountryNames } from "./country-names";
import { CreateZoneForm } from "./create-zone-form";
import { LinkCountryToZoneForm } from "./link-country-form";
import type { Country, Zone } from "./types";

const NO_COUNTRIES: Country[] = [];

/** A zone's countries, named in the page's language and sorted by that name. */
function ZoneCountries({ countries }: { countries: Zone["countries"] }) {
  const named = useCountryNames(countries);
  return named.map((country) => (
    <Badge key={country.id}>
      {country.name} ({country.iso_code})
    </Badge>
  ));
}

export function GeographyPanel({ canManage }: { canManage: boolean }) {
  const countries = useApiData<Country[]>("/api/v1/geography/countries");
  const zones = useApiData<Zone[]>("/api/v1/geography/zones");
  const countryList = countries.data ?? NO_COUNTRIES;
  const t = useTranslations("geography");

  return (
    <>
      <Panel title={t("zones.title")} description={t("zones.description")}>
        <ErrorBanner message={zones.error} />
        {zones.data && zones.data.length === 0 ? <p className="muted">{t("zones.empty")}</p> : null}
        <ul className="company-list">
          {(zones.data ?? []).map((zone) => (
            <li key={zone.id} className="card" aria-label={zone.name}>
              <div className="card-title">{zone.name}</div>
              {zone.description ? <p className="muted">{zone.description}</p> : null}
              <div className="chips" role="group" aria-label={t("zones.countriesOf", { zone: zone.name })}>
                {zone.countries.length === 0 ? <span className="muted">{t("zones.noCountry")}</span> : null}
                <ZoneCountries countries={zone.countries} />
              </div>
              {canManage ? <LinkCountryToZoneForm zone={zone} countries={countryList} /> : null}
            </li>
          ))}
        </ul>
      </Panel>
      {canManage ? (
        <Panel title={t("createZone.title")}>
          <CreateZoneForm />
        </Panel>
      ) : null}
      <Panel title={t("countries.title")} description={t("countries.description")}>
        <ErrorBanner message={countries.error} />
        <CountriesTable countries={countryList} isLoading={countries.isLoading} />
      </Panel>
    </>
  );
}
