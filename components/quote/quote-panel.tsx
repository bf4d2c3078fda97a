"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import type { Plan, PriceQuote, Product, Version } from "@/components/catalog/types";
import { useCatalogFormat } from "@/components/catalog/use-catalog-format";
import { VersionSummary } from "@/components/catalog/version-summary";
import { useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { PerMonth } from "@/components/ui/premium";
import { sumAmounts } from "./cents";
import { quoteKey, usePriceQuotes, type QuoteOutcome } from "./use-price-quotes";

type Selection = { productId: string; planId: string; versionId: string };
type Person = { id: number; age: string };

/** What one person's row shows: why there is no price yet, the API's refusal, or the price. */
type RowState =
  | { kind: "incomplete"; message: string }
  | { kind: "pending" }
  | { kind: "refused"; message: string }
  | { kind: "priced"; quote: PriceQuote; age: number };

const NOTHING: Selection = { productId: "", planId: "", versionId: "" };

const isSellable = (version: Version) => version.is_active;
const hasSellableVersion = (plan: Plan) => plan.versions.some(isSellable);

/** A product chosen: its only plan (and that plan's only version) is chosen with it, one step less on a phone. */
function chooseProduct(product: Product | undefined): Selection {
  if (!product) return NOTHING;
  const plans = product.plans.filter(hasSellableVersion);
  return plans.length === 1 ? choosePlan(product, plans[0]) : { ...NOTHING, productId: product.id };
}

function choosePlan(product: Product, plan: Plan | undefined): Selection {
  if (!plan) return { ...NOTHING, productId: product.id };
  const versions = plan.versions.filter(isSellable);
  return { productId: product.id, planId: plan.id, versionId: versions.length === 1 ? versions[0].id : "" };
}

/** The selection a link such as /quote?version=<id> (from the catalog) asks for. */
function selectionOf(products: Product[], versionId: string | undefined): Selection | null {
  if (!versionId) return null;
  for (const product of products) {
    for (const plan of product.plans) {
      if (plan.versions.some((version) => version.id === versionId))
        return { productId: product.id, planId: plan.id, versionId };
    }
  }
  return null;
}

/** Whole years only; anything else is not sent (the API would only refuse it). */
function ageOf(text: string): number | null {
  return /^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : null;
}

type QuotePanelProps = { initialVersionId?: string };

/**
 * The seller's quote: a version, one of the countries it is sold in and the ages of the people to cover;
 * each person is priced by the API as the ages are typed, and the total is the exact sum of their prices.
 */
export function QuotePanel({ initialVersionId }: QuotePanelProps) {
  const t = useTranslations("quote");
  const tc = useTranslations("common");
  const f = useCatalogFormat();
  const products = useApiData<Product[]>("/api/v1/products/");
  const [choice, setChoice] = useState<Selection | null>(null);
  const [chosenCountry, setChosenCountry] = useState("");
  const [people, setPeople] = useState<Person[]>([{ id: 1, age: "" }]);
  const nextId = useRef(2);

  const catalog = products.data ?? [];
  // Until the person chooses, the version of the link (if any) is the choice.
  const selection = choice ?? selectionOf(catalog, initialVersionId) ?? NOTHING;
  const product = catalog.find((candidate) => candidate.id === selection.productId);
  const plan = product?.plans.find((candidate) => candidate.id === selection.planId);
  const version = plan?.versions.find((candidate) => candidate.id === selection.versionId);

  // Only what can be sold is offered; an inactive version stays listed only while it is the one chosen.
  const productOptions = catalog.filter(
    (candidate) => candidate.plans.some(hasSellableVersion) || candidate.id === selection.productId,
  );
  const planOptions = (product?.plans ?? []).filter(
    (candidate) => hasSellableVersion(candidate) || candidate.id === selection.planId,
  );
  const versionOptions = (plan?.versions ?? []).filter(
    (candidate) => isSellable(candidate) || candidate.id === selection.versionId,
  );
  // Only the countries the version is sold in: the one chosen while the version sells there, else the
  // only one when there is a single one (nothing to choose).
  const offered = version?.available_countries ?? [];
  const country = offered.includes(chosenCountry) ? chosenCountry : offered.length === 1 ? offered[0] : "";

  const canPrice = Boolean(version?.is_active) && country !== "";
  const requests =
    version && canPrice
      ? people.flatMap((person) => {
          const age = ageOf(person.age);
          return age === null ? [] : [{ plan_version_id: version.id, country_code: country, age }];
        })
      : [];
  const outcomes = usePriceQuotes(requests);

  function rowStateOf(person: Person): RowState {
    if (!version) return { kind: "incomplete", message: t("row.chooseVersion") };
    if (!version.is_active) return { kind: "incomplete", message: t("row.cannotPrice") };
    if (offered.length === 0) return { kind: "incomplete", message: t("row.soldNowhere") };
    if (country === "") return { kind: "incomplete", message: t("row.chooseCountry") };
    if (person.age.trim() === "") return { kind: "incomplete", message: t("row.enterAge") };
    const age = ageOf(person.age);
    if (age === null) return { kind: "incomplete", message: t("row.wholeYears") };
    const outcome: QuoteOutcome | undefined = outcomes.get(
      quoteKey({ plan_version_id: version.id, country_code: country, age }),
    );
    if (!outcome) return { kind: "pending" };
    if ("quote" in outcome) return { kind: "priced", quote: outcome.quote, age };
    return { kind: "refused", message: refusalOf(outcome, version, age) };
  }

  /**
   * The API's refusal in the page's words. Pricing checks the country before the age (422 both), so the
   * API's English detail tells which of the two it is; a network failure or any other answer is said
   * in general words, with the detail.
   */
  function refusalOf(outcome: { error: string; status: number | null }, priced: Version, age: number): string {
    if (outcome.status === null) return tc("networkError");
    if (outcome.status === 422 && outcome.error.startsWith("plan is not available"))
      return t("row.notAvailable", { country });
    if (outcome.status === 422 && age > priced.max_entry_age)
      return t("row.tooOld", { age, max: priced.max_entry_age });
    return t("row.refused", { detail: outcome.error });
  }
  const rows = people.map((person) => ({ person, state: rowStateOf(person) }));

  // A version deactivated (400) or removed (404) since the page loaded concerns every row: said once, above them.
  const versionProblem = [...outcomes.values()].find(
    (outcome) => "status" in outcome && (outcome.status === 400 || outcome.status === 404),
  );
  const priced = rows.flatMap(({ state }) => (state.kind === "priced" ? [state.quote] : []));
  const isComplete = priced.length === rows.length && rows.length > 0;

  function setAge(id: number, age: string) {
    setPeople((current) => current.map((person) => (person.id === id ? { ...person, age } : person)));
  }
  function addPerson() {
    setPeople((current) => [...current, { id: nextId.current++, age: "" }]);
  }
  function removePerson(id: number) {
    setPeople((current) => current.filter((person) => person.id !== id));
  }

  return (
    <>
      <Panel title={t("choice.title")} description={t("choice.description")}>
        <ErrorBanner message={products.error ? t("loadFailed", { detail: products.error }) : null} />
        <div className="form-grid quote-choice">
          <Field id="quote-product" label={t("choice.product")}>
            <select
              id="quote-product"
              value={selection.productId}
              disabled={products.isLoading && !products.data}
              onChange={(event) =>
                setChoice(chooseProduct(catalog.find((candidate) => candidate.id === event.target.value)))
              }
            >
              <option value="">
                {products.isLoading && !products.data ? tc("loading") : t("choice.chooseProduct")}
              </option>
              {productOptions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="quote-plan" label={t("choice.plan")}>
            <select
              id="quote-plan"
              value={selection.planId}
              disabled={!product}
              onChange={(event) =>
                product &&
                setChoice(
                  choosePlan(
                    product,
                    product.plans.find((candidate) => candidate.id === event.target.value),
                  ),
                )
              }
            >
              <option value="">{t("choice.choosePlan")}</option>
              {planOptions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="quote-version" label={t("choice.version")}>
            <select
              id="quote-version"
              value={selection.versionId}
              disabled={!plan}
              onChange={(event) => setChoice({ ...selection, versionId: event.target.value })}
            >
              <option value="">{t("choice.chooseVersion")}</option>
              {versionOptions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {f.versionName(candidate)} · {f.money(candidate.public_price, candidate.currency)}
                  {candidate.is_active ? "" : ` ${t("choice.inactive")}`}
                </option>
              ))}
            </select>
          </Field>
          <Field id="quote-country" label={t("choice.country")} hint={version ? t("choice.countryHint") : undefined}>
            <select
              id="quote-country"
              value={country}
              disabled={offered.length === 0}
              onChange={(event) => setChosenCountry(event.target.value)}
            >
              <option value="">
                {!version
                  ? t("choice.chooseVersionFirst")
                  : offered.length === 0
                    ? t("choice.soldNowhere")
                    : t("choice.chooseCountry")}
              </option>
              {f.countryChoices(offered.map((code) => ({ iso_code: code }))).map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {version && !version.is_active ? (
          <p className="banner banner-warning" role="alert">
            {t("inactiveVersion", { version: f.versionName(version), plan: plan?.name ?? "" })}
          </p>
        ) : null}
        {versionProblem && "error" in versionProblem ? (
          <p className="banner banner-warning" role="alert">
            {versionProblem.status === 400
              ? t("noLongerSold", { detail: versionProblem.error })
              : t("versionGone", { detail: versionProblem.error })}
          </p>
        ) : null}
        {version ? <VersionSummary version={version} forQuote /> : null}
      </Panel>

      <Panel title={t("people.title")} description={t("people.description")}>
        <ol className="people">
          {rows.map(({ person, state }, index) => (
            <PersonRow
              key={person.id}
              number={index + 1}
              person={person}
              state={state}
              version={version}
              country={country}
              canRemove={rows.length > 1}
              onAge={(age) => setAge(person.id, age)}
              onRemove={() => removePerson(person.id)}
            />
          ))}
        </ol>
        <div className="form-actions">
          <Button variant="secondary" onClick={addPerson}>
            {t("people.add")}
          </Button>
        </div>
        <p className="quote-total">
          {/* The premium is monthly: "per month" goes around the status, which keeps the figure alone. */}
          <PerMonth isShown={isComplete}>
            <span role="status" aria-label={t("total.label")}>
              {isComplete ? (
                <>
                  {t("total.for", { count: rows.length })}{" "}
                  <strong>{f.money(sumAmounts(priced.map((quote) => quote.final_price)), priced[0].currency)}</strong>
                </>
              ) : (
                <span className="muted">
                  {rows.some(({ state }) => state.kind === "refused") ? t("total.refused") : t("total.pending")}
                </span>
              )}
            </span>
          </PerMonth>
        </p>
      </Panel>
    </>
  );
}

type PersonRowProps = {
  number: number;
  person: Person;
  state: RowState;
  version: Version | undefined;
  country: string;
  canRemove: boolean;
  onAge: (age: string) => void;
  onRemove: () => void;
};

function PersonRow({ number, person, state, version, country, canRemove, onAge, onRemove }: PersonRowProps) {
  const t = useTranslations("quote.people");
  const f = useCatalogFormat();
  const steps = useSteps();
  const id = `person-${person.id}-age`;
  return (
    <li className="person" aria-label={t("person", { number })}>
      <div className="person-input">
        <Field id={id} label={t("age", { number })}>
          <input
            id={id}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={3}
            value={person.age}
            onChange={(event) => onAge(event.target.value)}
          />
        </Field>
        {canRemove ? (
          <Button variant="danger" onClick={onRemove} aria-label={t("removeLabel", { number })}>
            {t("remove")}
          </Button>
        ) : null}
      </div>
      <div className="person-result" aria-live="polite">
        {state.kind === "priced" ? (
          <>
            <p className="person-price">
              {t("total")}{" "}
              <PerMonth>
                <output aria-label={t("price", { number })}>
                  {f.money(state.quote.final_price, state.quote.currency)}
                </output>
              </PerMonth>
            </p>
            {/* The arithmetic is there for the seller who is asked how; the total is what the client reads. */}
            <details className="quote-steps">
              <summary>{t("howCalculated")}</summary>
              <ol className="steps">
                {steps(state.quote, state.age, version, country).map((step, index) => (
                  <li key={index}>{step}</li>
                ))}
              </ol>
            </details>
          </>
        ) : state.kind === "refused" ? (
          <p className="field-error">{state.message}</p>
        ) : state.kind === "pending" ? (
          <p className="muted">{t("calculating")}</p>
        ) : (
          <p className="muted">{state.message}</p>
        )}
      </div>
    </li>
  );
}

/**
 * The steps of a person's price in the page's words, from the API's figures: the base price (the
 * version's or the country's own), the age's surcharge band, the rounding and the total. The API's own
 * English steps stay where the page's version no longer matches the answer (changed since it loaded).
 */
function useSteps() {
  const t = useTranslations("quote.steps");
  const f = useCatalogFormat();
  return (quote: PriceQuote, age: number, version: Version | undefined, country: string): string[] => {
    const band = version?.age_surcharges.find((candidate) => candidate.min_age <= age && age <= candidate.max_age);
    const hasSurcharge = Number(quote.age_surcharge_percentage) !== 0;
    if (!version || version.id !== quote.plan_version_id || quote.quantity !== 1 || hasSurcharge !== Boolean(band))
      return quote.breakdown.steps;
    const { currency } = quote;
    const base = f.decimal(quote.base_price);
    const surcharge = f.decimal(quote.age_surcharge_amount);
    const unit = f.decimal(quote.breakdown.unit_price);
    const isWhole =
      new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits === 0;
    return [
      quote.country_override === null
        ? t("basePublic", { base, currency })
        : t("baseOverride", { base, currency, country, public: f.decimal(version.public_price) }),
      band && hasSurcharge
        ? t("band", {
            age,
            min: band.min_age,
            max: band.max_age,
            percentage: f.decimal(quote.age_surcharge_percentage),
            surcharge,
          })
        : t("noBand", { age, percentage: f.decimal(quote.age_surcharge_percentage) }),
      t("unit", { base, surcharge, unit, roundedTo: isWhole ? t("wholeUnits") : t("cents") }),
      t("total", { unit, quantity: quote.quantity, total: f.decimal(quote.final_price), currency }),
    ];
  };
}
