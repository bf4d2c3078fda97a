import { z } from "zod";
import { isSupportedCurrency, isZeroDecimalCurrency } from "@/lib/currencies";
import { fitsCurrency } from "@/lib/money";
import { AGE_MAX, AgeYears, CountryCode, DecimalInput, MoneyString, Uuid, withSomeChange } from "@/lib/schemas";

/** Currencies a version may be priced in; CATALOG_CURRENCIES (comma-separated) adds more. */
export function catalogCurrencies(): string[] {
  const extra = (process.env.CATALOG_CURRENCIES ?? "").split(",").map((code) => code.trim().toUpperCase());
  return [...new Set(["USD", "EUR", "MXN", ...extra.filter((code) => /^[A-Z]{3}$/.test(code))])];
}

const Price = DecimalInput({ min: 0 });
const Age = AgeYears();
const WAITING_DAYS_MAX = 36_500;
const WaitingDays = z.number().int().min(0).max(WAITING_DAYS_MAX);
/** The most lives of one age a quote prices at once. */
const QUANTITY_MAX = 10_000;
const Name = z.string().trim().min(1).max(255);
/** The day counts of a version's lifecycle terms (lifecycle.md section 1), for the schema and the editor. */
export const LIFECYCLE_DAY_RANGES = {
  grace_period_days: { min: 0, max: 180 },
  not_taken_up_days: { min: 1, max: 365 },
  reinstatement_window_days: { min: 0, max: 730 },
  cooling_off_days: { min: 0, max: 90 },
  renewal_notice_days: { min: 1, max: 90 },
  wtime_natural: { min: 0, max: 3650 },
} as const;
const Days = ({ min, max }: { min: number; max: number }) => z.number().int().min(min).max(max);

/** The lifecycle terms of a version (lifecycle.md section 1): each optional, with its default. */
const LifecycleTerms = {
  grace_period_days: Days(LIFECYCLE_DAY_RANGES.grace_period_days),
  not_taken_up_days: Days(LIFECYCLE_DAY_RANGES.not_taken_up_days),
  reinstatement_window_days: Days(LIFECYCLE_DAY_RANGES.reinstatement_window_days),
  cooling_off_days: Days(LIFECYCLE_DAY_RANGES.cooling_off_days),
  is_renewable: z.boolean(),
  renewal_notice_days: Days(LIFECYCLE_DAY_RANGES.renewal_notice_days),
  wtime_natural: Days(LIFECYCLE_DAY_RANGES.wtime_natural),
};
/** What a version gets for a lifecycle term it is created without; also what the editor starts from. */
export const LIFECYCLE_DEFAULTS = {
  grace_period_days: 30,
  not_taken_up_days: 30,
  reinstatement_window_days: 90,
  cooling_off_days: 30,
  is_renewable: true,
  renewal_notice_days: 30,
  wtime_natural: 0,
} as const;

export const CountryRuleInput = z.object({
  country_code: CountryCode,
  is_available: z.boolean().default(true),
  price: Price.nullable().optional(),
});

export const ZoneRuleInput = z.object({ zone_id: Uuid, is_available: z.boolean().default(true) });

export const SurchargeBandInput = z
  .object({ min_age: Age, max_age: Age, percentage: DecimalInput({ min: 0, max: 1000 }) })
  .refine((band) => band.min_age <= band.max_age, {
    message: "min_age must not be above max_age",
    path: ["max_age"],
    params: { code: "min_above_max" },
  });

export const CoverageInput = z.object({
  name: Name,
  description: z.string().trim().max(2000).optional(),
  limit_amount: Price.nullable().optional(),
});

/** Bands of one version must not overlap: an age then has exactly one surcharge. */
const SurchargeBands = z
  .array(SurchargeBandInput)
  .max(50)
  .superRefine((bands, ctx) => {
    const sorted = bands.map((band, index) => ({ ...band, index })).sort((a, b) => a.min_age - b.min_age);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i].min_age <= sorted[i - 1].max_age) {
        ctx.addIssue({
          code: "custom",
          path: [sorted[i].index, "min_age"],
          message: `the band ${sorted[i].min_age}-${sorted[i].max_age} overlaps the band ${sorted[i - 1].min_age}-${sorted[i - 1].max_age}`,
          params: { code: "overlapping_band" },
        });
      }
    }
  });

function noDuplicates<T>(key: (item: T) => string, what: string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(key(item)))
        ctx.addIssue({
          code: "custom",
          path: [index],
          message: `${what} ${key(item)} is listed twice`,
          params: { code: "duplicate" },
        });
      seen.add(key(item));
    });
  };
}

const VersionTerms = {
  version_label: z.string().trim().min(1).max(100).optional(),
  cost_price: Price,
  public_price: Price,
  currency: z
    .string()
    .refine((code) => catalogCurrencies().includes(code), {
      message: "must be one of the configured currencies, as an upper-case code (USD, EUR, MXN)",
      abort: true,
      params: { code: "unsupported_currency" },
    })
    // A configured code the service cannot hold: not an ISO 4217 currency, or with three or more
    // decimals (BHD, KWD, CLF), which two-decimal amounts cannot keep (trust.md section 7).
    .refine((code) => isSupportedCurrency(code), {
      message: "unsupported currency",
      params: { code: "unsupported_currency" },
    }),
  max_entry_age: Age,
  max_renewal_age: Age,
  wtime_suicide: WaitingDays,
  wtime_accident: WaitingDays,
  wtime_preexisting: WaitingDays,
  grace_period_days: LifecycleTerms.grace_period_days.default(LIFECYCLE_DEFAULTS.grace_period_days),
  not_taken_up_days: LifecycleTerms.not_taken_up_days.default(LIFECYCLE_DEFAULTS.not_taken_up_days),
  reinstatement_window_days: LifecycleTerms.reinstatement_window_days.default(
    LIFECYCLE_DEFAULTS.reinstatement_window_days,
  ),
  cooling_off_days: LifecycleTerms.cooling_off_days.default(LIFECYCLE_DEFAULTS.cooling_off_days),
  is_renewable: LifecycleTerms.is_renewable.default(LIFECYCLE_DEFAULTS.is_renewable),
  renewal_notice_days: LifecycleTerms.renewal_notice_days.default(LIFECYCLE_DEFAULTS.renewal_notice_days),
  wtime_natural: LifecycleTerms.wtime_natural.default(LIFECYCLE_DEFAULTS.wtime_natural),
};

const VersionRules = {
  countries: z
    .array(CountryRuleInput)
    .max(300)
    .superRefine(noDuplicates((rule) => rule.country_code, "country"))
    .default([]),
  zones: z
    .array(ZoneRuleInput)
    .max(100)
    .superRefine(noDuplicates((rule) => rule.zone_id, "zone"))
    .default([]),
  age_surcharges: SurchargeBands.default([]),
  coverages: z.array(CoverageInput).max(100).default([]),
};

/**
 * A zero-decimal currency (CLP, PYG, JPY...) has whole prices only (trust.md section 7): each price of
 * a version that has decimals, with its path. The version's prices, its country prices and its cost.
 */
export function pricesWithDecimals(
  currency: string,
  prices: { public_price?: string; cost_price?: string; countries?: Array<{ price?: string | null }> },
): Array<{ path: Array<string | number>; message: string; params: { code: string } }> {
  if (!isZeroDecimalCurrency(currency)) return [];
  const message = `must be a whole amount: ${currency} has no decimals`;
  const params = { code: "not_whole_amount" };
  const found: Array<{ path: Array<string | number>; message: string; params: { code: string } }> = [];
  for (const field of ["public_price", "cost_price"] as const) {
    const value = prices[field];
    if (value !== undefined && !fitsCurrency(value, currency)) found.push({ path: [field], message, params });
  }
  prices.countries?.forEach((rule, index) => {
    if (rule.price != null && !fitsCurrency(rule.price, currency))
      found.push({ path: ["countries", index, "price"], message, params });
  });
  return found;
}

const renewalNotBelowEntry = (version: { max_entry_age?: number; max_renewal_age?: number }) =>
  version.max_entry_age === undefined ||
  version.max_renewal_age === undefined ||
  version.max_renewal_age >= version.max_entry_age;
const renewalMessage = {
  message: "max_renewal_age must not be below max_entry_age",
  path: ["max_renewal_age"],
  params: { code: "renewal_age_below_entry_age" },
};

export const CreateVersionInput = z
  .object({ ...VersionTerms, is_active: z.boolean().default(true), ...VersionRules })
  .refine(renewalNotBelowEntry, renewalMessage)
  .superRefine((version, ctx) => {
    for (const issue of pricesWithDecimals(version.currency, version)) ctx.addIssue({ code: "custom", ...issue });
  });
export type CreateVersionInput = z.infer<typeof CreateVersionInput>;

export const CreatePlanInput = z.object({
  name: Name,
  company_id: Uuid.optional().describe(
    "when given, the product's company (422 otherwise); the plan belongs to the product's company either way",
  ),
  processor_price_id: z.string().trim().min(1).max(255).optional(),
  versions: z.array(CreateVersionInput).max(50).default([]),
});
export type CreatePlanInput = z.infer<typeof CreatePlanInput>;

export const CreateProductInput = z.object({
  name: Name,
  description: z.string().trim().max(10_000).optional(),
  product_type: z.string().trim().min(1).max(50).default("repatriation"),
  is_active: z.boolean().default(true),
  company_id: Uuid.optional().describe(
    "the company whose product it is: an ADMIN may name one (none: a product shared by every company); anyone else's products are their own company's",
  ),
  plans: z.array(CreatePlanInput).max(50).default([]),
});
export type CreateProductInput = z.infer<typeof CreateProductInput>;

export const UpdateProductInput = withSomeChange(
  z.object({
    name: Name.optional(),
    description: z.string().trim().max(10_000).nullable().optional(),
    product_type: z.string().trim().min(1).max(50).optional(),
    is_active: z.boolean().optional(),
  }),
);
export type UpdateProductInput = z.infer<typeof UpdateProductInput>;

/**
 * Edits of a version: `is_active` always; everything else (prices, ages, waiting times, and the
 * countries, zones, surcharge bands and coverages, each list replaced whole) only while no policy
 * uses the version.
 */
export const UpdateVersionInput = z.object({
  is_active: z.boolean().optional(),
  version_label: VersionTerms.version_label.nullable(),
  cost_price: Price.optional(),
  public_price: Price.optional(),
  currency: VersionTerms.currency.optional(),
  max_entry_age: Age.optional(),
  max_renewal_age: Age.optional(),
  wtime_suicide: WaitingDays.optional(),
  wtime_accident: WaitingDays.optional(),
  wtime_preexisting: WaitingDays.optional(),
  grace_period_days: LifecycleTerms.grace_period_days.optional(),
  not_taken_up_days: LifecycleTerms.not_taken_up_days.optional(),
  reinstatement_window_days: LifecycleTerms.reinstatement_window_days.optional(),
  cooling_off_days: LifecycleTerms.cooling_off_days.optional(),
  is_renewable: LifecycleTerms.is_renewable.optional(),
  renewal_notice_days: LifecycleTerms.renewal_notice_days.optional(),
  wtime_natural: LifecycleTerms.wtime_natural.optional(),
  countries: VersionRules.countries.removeDefault().optional(),
  zones: VersionRules.zones.removeDefault().optional(),
  age_surcharges: SurchargeBands.optional(),
  coverages: VersionRules.coverages.removeDefault().optional(),
});
export type UpdateVersionInput = z.infer<typeof UpdateVersionInput>;

export const ListProductsQuery = z.object({
  active_only: z
    .enum(["true", "false", "1", "0"], { message: "must be true or false" })
    .default("true")
    .transform((value) => value === "true" || value === "1"),
});

export const CalculatePriceInput = z.object({
  plan_version_id: Uuid,
  // The contract orders the checks (unknown version 404, inactive 400, country 422, then the age and the
  // quantity), so the schema lets a wrong age or quantity through to the pricing engine, which refuses
  // it with 422 after those checks; the document shows the range that can be priced (docs/administration.md).
  age: z
    .number()
    .int()
    .min(-1_000)
    .max(1_000)
    .meta({ minimum: 0, maximum: AGE_MAX })
    .describe(
      `Age in whole years, 0 to ${AGE_MAX} (and at most the version's max_entry_age); a value outside is 422 after the version and country checks`,
    ),
  country_code: CountryCode,
  quantity: z
    .number()
    .int()
    .min(-1_000)
    .max(QUANTITY_MAX)
    .meta({ minimum: 1, maximum: QUANTITY_MAX })
    .default(1)
    .describe("Lives of this age priced together; below 1 is 422 after the version and country checks"),
});
export type CalculatePriceInput = z.infer<typeof CalculatePriceInput>;

export const PlanIdParams = z.object({ plan_id: Uuid });

const CountryRuleResponse = z.object({
  country_code: z.string(),
  is_available: z.boolean(),
  price: MoneyString.nullable(),
});
const ZoneRuleResponse = z.object({ zone_id: Uuid, zone_name: z.string(), is_available: z.boolean() });
const SurchargeResponse = z.object({
  id: Uuid,
  min_age: Age,
  max_age: Age,
  percentage: z.string(),
});
const CoverageResponse = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  limit_amount: MoneyString.nullable(),
});

export const VersionResponse = z.object({
  id: Uuid,
  plan_id: Uuid,
  version_label: z.string().nullable(),
  cost_price: MoneyString.nullable().describe("null for callers without plans:write"),
  public_price: MoneyString,
  currency: z.string(),
  max_entry_age: Age,
  max_renewal_age: Age,
  wtime_suicide: WaitingDays,
  wtime_accident: WaitingDays,
  wtime_preexisting: WaitingDays,
  wtime_natural: Days(LIFECYCLE_DAY_RANGES.wtime_natural).describe(
    "waiting period in days for a death of natural causes",
  ),
  grace_period_days: Days(LIFECYCLE_DAY_RANGES.grace_period_days).describe(
    "days after the paid-to date during which cover continues unpaid",
  ),
  not_taken_up_days: Days(LIFECYCLE_DAY_RANGES.not_taken_up_days).describe(
    "days after start_date by which the first premium must be paid",
  ),
  reinstatement_window_days: Days(LIFECYCLE_DAY_RANGES.reinstatement_window_days).describe(
    "days after lapse during which paying the arrears reinstates the policy (0: never)",
  ),
  cooling_off_days: Days(LIFECYCLE_DAY_RANGES.cooling_off_days).describe(
    "days from start_date during which a cancellation refunds every premium",
  ),
  is_renewable: z.boolean().describe("whether policies on this version renew at the end of their term"),
  renewal_notice_days: Days(LIFECYCLE_DAY_RANGES.renewal_notice_days).describe(
    "days before end_date that the renewal notice is sent",
  ),
  is_active: z.boolean(),
  in_use: z.boolean().describe("a policy was issued on this version: only is_active can change"),
  countries: z.array(CountryRuleResponse),
  zones: z.array(ZoneRuleResponse),
  age_surcharges: z.array(SurchargeResponse),
  coverages: z.array(CoverageResponse),
  available_countries: z
    .array(z.string())
    .describe(
      "ISO codes of every country where the version can be priced, sorted: its available countries and the countries of its available zones, less the countries it excludes by name; what a quote offers",
    ),
  created_at: z.string(),
});
export type VersionResponse = z.infer<typeof VersionResponse>;
VersionResponse.register(z.globalRegistry, { id: "PlanVersion" });

export const PlanResponse = z.object({
  id: Uuid,
  product_id: Uuid,
  name: z.string(),
  company_id: Uuid.nullable(),
  processor_price_id: z.string().nullable(),
  versions: z.array(VersionResponse),
});
export type PlanResponse = z.infer<typeof PlanResponse>;

export const ProductResponse = z.object({
  id: Uuid,
  name: z.string(),
  description: z.string().nullable(),
  product_type: z.string(),
  is_active: z.boolean(),
  company_id: Uuid.nullable().describe(
    "the company whose product it is, visible and sold only inside it; null: shared by every company",
  ),
  created_at: z.string(),
  updated_at: z.string(),
  plans: z.array(PlanResponse),
});
export type ProductResponse = z.infer<typeof ProductResponse>;
ProductResponse.register(z.globalRegistry, { id: "Product" });

export const PriceQuoteResponse = z.object({
  plan_version_id: Uuid,
  currency: z.string(),
  base_price: MoneyString,
  country_override: MoneyString.nullable(),
  age_surcharge_percentage: z.string(),
  age_surcharge_amount: MoneyString,
  quantity: z.number().int().min(1).max(QUANTITY_MAX),
  final_price: MoneyString,
  breakdown: z.object({ unit_price: MoneyString, steps: z.array(z.string()) }),
});
