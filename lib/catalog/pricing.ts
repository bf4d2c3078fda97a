import { BadRequestError, BusinessRuleError } from "@/lib/errors";
import { isZeroDecimalCurrency } from "@/lib/currencies";
import { formatMoney, money, roundForCurrency, type Money } from "@/lib/money";

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

/**
 * Every country where a version can be priced, sorted by code: its explicit rows and the countries of its
 * available zones, each decided by isAvailableIn, so the list and the price always agree.
 */
export function availableCountryCodes(
  explicit: Array<{ countryCode: string; isAvailable: boolean }>,
  zoneCountryCodes: Iterable<string>,
): string[] {
  // Plain arrays (a few hundred countries at most): the engine keeps no Map or Set, even a local one.
  const throughZone = [...zoneCountryCodes];
  const candidates = [...explicit.map((rule) => rule.countryCode), ...throughZone];
  return candidates
    .filter((code, at) => candidates.indexOf(code) === at)
    .filter((code) => {
      const rule = explicit.find((candidate) => candidate.countryCode === code);
      return isAvailableIn({
        explicit: rule ? { isAvailable: rule.isAvailable, price: null } : null,
        availableThroughZone: throughZone.includes(code),
      });
    })
    .sort();
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
  unitPriceFor: UnitPriceOf = unitPriceOf,
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
  const band = surchargeBandFor(bands, age);
  const unit = unitPriceFor(override ?? version.publicPrice, band?.percentage ?? "0", version.currency);
  const finalPrice = unit.unit.times(quantity);
  const surchargeAmount = unit.surchargePerPerson.times(quantity);

  const steps = [
    override
      ? `base price ${unit.baseText} ${version.currency}: the price for ${countryCode} replaces the public price of ${formatMoney(version.publicPrice)}`
      : `base price ${unit.baseText} ${version.currency}: the public price of the version`,
    band
      ? `age ${age} is in the surcharge band ${band.minAge}-${band.maxAge}: +${unit.percentageText}% = ${unit.surchargeText} per person`
      : `age ${age} is in no surcharge band: +0.00%`,
    `unit price ${unit.baseText} + ${unit.surchargeText} = ${unit.unitText} (rounded half-up to ${unit.roundedTo})`,
    `${unit.unitText} x ${quantity} = ${formatMoney(finalPrice)} ${version.currency}`,
  ];

  return {
    plan_version_id: version.id,
    currency: version.currency,
    base_price: unit.baseText,
    country_override: override === null ? null : unit.baseText,
    age_surcharge_percentage: unit.percentageText,
    age_surcharge_amount: formatMoney(surchargeAmount),
    quantity,
    final_price: formatMoney(finalPrice),
    breakdown: { unit_price: unit.unitText, steps },
  };
}

/**
 * One person's price: the base price with the band's surcharge, each rounded half-up to the currency's
 * smallest amount (cents, or whole units for a zero-decimal currency such as CLP: trust.md section 7).
 */
export type UnitPrice = {
  unit: Money;
  surchargePerPerson: Money;
  baseText: string;
  percentageText: string;
  surchargeText: string;
  unitText: string;
  /** "cents", or "whole units" for a zero-decimal currency. */
  roundedTo: string;
};

/** Works out one person's price; a caller may pass a memoised one (see pricing-config.ts). */
export type UnitPriceOf = (basePrice: string, percentageText: string, currency: string) => UnitPrice;

export function unitPriceOf(basePrice: string, percentageText: string, currency: string): UnitPrice {
  const base = money(basePrice);
  const percentage = money(percentageText);
  const unit = roundForCurrency(base.times(percentage.dividedBy(100).plus(1)), currency);
  const surchargePerPerson = roundForCurrency(base.times(percentage).dividedBy(100), currency);
  return {
    unit,
    surchargePerPerson,
    baseText: formatMoney(base),
    percentageText: percentage.toFixed(2),
    surchargeText: formatMoney(surchargePerPerson),
    unitText: formatMoney(unit),
    roundedTo: isZeroDecimalCurrency(currency) ? "whole units" : "cents",
  };
}
