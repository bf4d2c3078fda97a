import type { Version } from "./types";

/**
 * What the seller should check about a version before entering people: its base price and age limit,
 * and where it is sold. A quote (`forQuote`) also shows each country's own price and the surcharges.
 */
export function VersionSummary({ version, forQuote = false }: { version: Version; forQuote?: boolean }) {
  return (
    <dl className={forQuote ? "facts quote-facts" : "facts"}>
      <dt>Base price</dt>
      <dd>
        {version.public_price} {version.currency} per person
      </dd>
      <dt>Entry age</dt>
      <dd>up to {version.max_entry_age}</dd>
      {forQuote ? <QuotePlaces version={version} /> : <SalePlaces version={version} />}
    </dl>
  );
}

function SalePlaces({ version }: { version: Version }) {
  const countries = version.countries.filter((rule) => rule.is_available).map((rule) => rule.country_code);
  const zones = version.zones.filter((rule) => rule.is_available).map((rule) => `zone ${rule.zone_name}`);
  const places = [...countries, ...zones];
  return (
    <>
      <dt>Sold in</dt>
      <dd>{places.length > 0 ? places.join(", ") : "no country yet"}</dd>
    </>
  );
}

function QuotePlaces({ version }: { version: Version }) {
  const listed = version.countries.filter((rule) => rule.is_available);
  const zones = version.zones.filter((rule) => rule.is_available);
  return (
    <>
      <dt>Listed in</dt>
      <dd>
        {listed.length === 0 && zones.length === 0 ? "no country yet" : null}
        {listed.map((rule) => (rule.price ? `${rule.country_code} (${rule.price})` : rule.country_code)).join(", ")}
        {listed.length > 0 && zones.length > 0 ? "; " : null}
        {zones.length > 0 ? `zones ${zones.map((rule) => rule.zone_name).join(", ")}` : null}
      </dd>
      <dt>Surcharges</dt>
      <dd>
        {version.age_surcharges.length === 0
          ? "none"
          : version.age_surcharges.map((band) => `${band.min_age}–${band.max_age}: +${band.percentage}%`).join(", ")}
      </dd>
    </>
  );
}
