import { countries } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";
import { countryName } from "@/lib/i18n/format";
import type { Locale } from "@/lib/i18n/locales";

/**
 * Every country, named in `locale` and sorted by that name as people of that language read it
 * (localisation.md section 3): English is the stored name, as the API always gave it; another language
 * is Intl's name of the ISO code (the stored one where Intl has none). A database with the C collation
 * would order by bytes, "Türkiye" after "Tuvalu": the sort is Intl.Collator's.
 */
export async function listCountries({ ctx, locale = "en" }: { ctx: ServiceContext; locale?: Locale }) {
  assertCan(ctx.actor, "geography:read");
  const rows = await ctx.db.select().from(countries);
  const nameOf = (isoCode: string, stored: string) => {
    if (locale === "en") return stored;
    const named = countryName(isoCode, locale);
    return named === isoCode ? stored : named;
  };
  const byName = new Intl.Collator(locale).compare;
  return rows
    .map((country) => ({
      id: country.id,
      iso_code: country.isoCode,
      name: nameOf(country.isoCode, country.name),
      continent: country.continent,
    }))
    .sort((a, b) => byName(a.name, b.name));
}
