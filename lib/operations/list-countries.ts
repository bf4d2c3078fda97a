import { countries } from "@/db/schema";
import { assertCan } from "@/lib/auth/actor";
import type { ServiceContext } from "@/lib/context";

// Alphabetical as people read it: a database with the C collation orders by bytes, "Türkiye" after "Tuvalu".
const byName = new Intl.Collator("en").compare;

export async function listCountries({ ctx }: { ctx: ServiceContext }) {
  assertCan(ctx.actor, "geography:read");
  const rows = await ctx.db.select().from(countries);
  return rows
    .sort((a, b) => byName(a.name, b.name))
    .map((country) => ({
      id: country.id,
      iso_code: country.isoCode,
      name: country.name,
      continent: country.continent,
    }));
}
