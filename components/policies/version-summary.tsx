import type { Version } from "@/components/catalog/types";

/** What the seller should check before entering people: the age limit and where the version is sold. */
export function VersionSummary({ version }: { version: Version }) {
  const countries = version.countries.filter((rule) => rule.is_available).map((rule) => rule.country_code);
  const zones = version.zones.filter((rule) => rule.is_available).map((rule) => rule.zone_name);
  const places = [...countries, ...zones.map((zone) => `zone ${zone}`)];
  return (
    <dl className="facts">
      <dt>Base price</dt>
      <dd>
        {version.public_price} {version.currency} per person
      </dd>
      <dt>Entry age</dt>
      <dd>up to {version.max_entry_age}</dd>
      <dt>Sold in</dt>
      <dd>{places.length > 0 ? places.join(", ") : "no country yet"}</dd>
    </dl>
  );
}
