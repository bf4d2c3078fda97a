import { BadRequestError, BusinessRuleError } from "@/lib/errors";
import { formatMoney, money, round2 } from "@/lib/money";

// The pricing engine: pure, with no database, so calculate-price, policy issue and bulk upload all
// price the same way. Contract section 5 fixes the order of the checks and the arithmetic.

export type PricingVersion = {
  id: string;
  isActive: boolean;
  publicPrice: string;
  currency: string;
  maxEntryAge: number;
};

/** What decides availability in one country: its explicit row, else the zones it belongs to. */
export type CountryAvailability = {
  explicit: { isAvailable: boolean; price: string | null } | null;
  availableThroughZone: boolean;
};

export type SurchargeBand = { minAge: number; maxAge: number; percentage: string };

export type PriceRequest = { countryCode: string; age: number; quantity: number };

export type PriceQuote = {
  plan_version_id: string;
  currency: string;
  base_price: string;
  country_override: string | null;
  age_surcharge_percentage: string;
  age_surcharge_amount: string;
  quantity: number;
  final_price: string;
  breakdown: { unit_price: string; steps: string[] };
};

export function isAvailableIn(availability: CountryAvailability): boolean {
  return availability.explicit ? availability.explicit.isAvailable : availability.availableThroughZone;
}

/** The band that holds the age (bands never overlap: the catalog refuses overlapping ones). */
export function surchargeBandFor(bands: SurchargeBand[], age: number): SurchargeBand | null {
  return bands.find((band) => band.minAge <= age && age <= band.maxAge) ?? null;
}

/**
 * Prices `quantity` people of one age in one country. Checks, in the contract's order: an inactive
 * version (400), a country where the version is not available (422), an age above the maximum entry
 * age (422), then a negative age or a quantity below one (422).
 */
export function calculatePrice(
  version: PricingVersion,
  availability: CountryAvailability,
  bands: SurchargeBand[],
  request: PriceRequest,
): PriceQuote {
  const { countryCode, age, quantity } = request;
  if (!version.isActive) throw new BadRequestError("the plan version is not active");
  if (!isAvailableIn(availability)) {
    throw new BusinessRuleError(`plan is not available in ${countryCode}`);
  }
  if (age > version.maxEntryAge) {
    throw new BusinessRuleError(`age ${age} exceeds the maximum entry age of ${version.maxEntryAge}`);
  }
  if (age < 0) throw new BusinessRuleError("age must not be negative");
  if (quantity < 1) throw new BusinessRuleError("quantity must be at least 1");

  const override = availability.explicit?.price ?? null;
  const base = money(override ?? version.publicPrice);
  const band = surchargeBandFor(bands, age);
  const percentage = money(band?.percentage ?? 0);
  const unit = round2(base.times(percentage.dividedBy(100).plus(1)));
  const surchargePerPerson = round2(base.times(percentage).dividedBy(100));
  const finalPrice = unit.times(quantity);
  const surchargeAmount = surchargePerPerson.times(quantity);

  const steps = [
    override
      ? `base price ${formatMoney(base)} ${version.currency}: the price for ${countryCode} replaces the public price of ${formatMoney(version.publicPrice)}`
      : `base price ${formatMoney(base)} ${version.currency}: the public price of the version`,
    band
      ? `age ${age} is in the surcharge band ${band.minAge}-${band.maxAge}: +${percentage.toFixed(2)}% = ${formatMoney(surchargePerPerson)} per person`
      : `age ${age} is in no surcharge band: +0.00%`,
    `unit price ${formatMoney(base)} + ${formatMoney(surchargePerPerson)} = ${formatMoney(unit)} (rounded half-up to cents)`,
    `${formatMoney(unit)} x ${quantity} = ${formatMoney(finalPrice)} ${version.currency}`,
  ];

  return {
    plan_version_id: version.id,
    currency: version.currency,
    base_price: formatMoney(base),
    country_override: override === null ? null : formatMoney(override),
    age_surcharge_percentage: percentage.toFixed(2),
    age_surcharge_amount: formatMoney(surchargeAmount),
    quantity,
    final_price: formatMoney(finalPrice),
    breakdown: { unit_price: formatMoney(unit), steps },
  };
}
