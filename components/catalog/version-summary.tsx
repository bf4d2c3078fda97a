"use client";

import { useTranslations } from "next-intl";
import type { Version } from "./types";
import { useCatalogFormat } from "./use-catalog-format";

/**
 * What the seller should check about a version before entering people: its base price and age limit,
 * and where it is sold. A quote (`forQuote`) also shows each country's own price and the surcharges.
 */
export function VersionSummary({ version, forQuote = false }: { version: Version; forQuote?: boolean }) {
  const t = useTranslations("catalog.summary");
  const f = useCatalogFormat();
  return (
    <dl className={forQuote ? "facts quote-facts" : "facts"}>
      <dt>{t("basePrice")}</dt>
      <dd>{t("perPerson", { amount: f.money(version.public_price, version.currency) })}</dd>
      <dt>{t("entryAge")}</dt>
      <dd>{t("upTo", { age: version.max_entry_age })}</dd>
      {forQuote ? <QuotePlaces version={version} /> : <SalePlaces version={version} />}
    </dl>
  );
}

function SalePlaces({ version }: { version: Version }) {
  const t = useTranslations("catalog.summary");
  const f = useCatalogFormat();
  const countries = version.countries.filter((rule) => rule.is_available).map((rule) => f.country(rule.country_code));
  const zones = version.zones.filter((rule) => rule.is_available).map((rule) => t("zone", { name: rule.zone_name }));
  const places = [...countries, ...zones];
  return (
    <>
      <dt>{t("soldIn")}</dt>
      <dd>{places.length > 0 ? places.join(", ") : t("noCountry")}</dd>
    </>
  );
}

function QuotePlaces({ version }: { version: Version }) {
  const t = useTranslations("catalog.summary");
  const f = useCatalogFormat();
  const listed = version.countries.filter((rule) => rule.is_available);
  const zones = version.zones.filter((rule) => rule.is_available);
  return (
    <>
      <dt>{t("listedIn")}</dt>
      <dd>
        {listed.length === 0 && zones.length === 0 ? t("noCountry") : null}
        {listed
          .map((rule) =>
            rule.price
              ? `${f.country(rule.country_code)} (${f.money(rule.price, version.currency)})`
              : f.country(rule.country_code),
          )
          .join(", ")}
        {listed.length > 0 && zones.length > 0 ? "; " : null}
        {zones.length > 0 ? t("zones", { names: zones.map((rule) => rule.zone_name).join(", ") }) : null}
      </dd>
      <dt>{t("surcharges")}</dt>
      <dd>
        {version.age_surcharges.length === 0
          ? t("none")
          : version.age_surcharges
              .map((band) => `${band.min_age}–${band.max_age}: +${f.decimal(band.percentage)}%`)
              .join(", ")}
      </dd>
    </>
  );
}
