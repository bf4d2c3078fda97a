"use client";

import { useRef, useState } from "react";
import type { Country, Plan, PriceQuote, Product, Version } from "@/components/catalog/types";
import { versionName } from "@/components/catalog/types";
import { VersionSummary } from "@/components/catalog/version-summary";
import { useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Panel } from "@/components/ui/panel";
import { sumAmounts } from "./cents";
import { quoteKey, usePriceQuotes, type QuoteOutcome } from "./use-price-quotes";

type Selection = { productId: string; planId: string; versionId: string };
type Person = { id: number; age: string };

/** What one person's row shows: why there is no price yet, the API's refusal, or the price. */
type RowState =
  | { kind: "incomplete"; message: string }
  | { kind: "pending" }
  | { kind: "refused"; message: string }
  | { kind: "priced"; quote: PriceQuote };

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

const COUNTRY = /^[A-Z]{2}$/;

type QuotePanelProps = { canReadCountries: boolean; initialVersionId?: string };

/**
 * The seller's quote: a version, a country and the ages of the people to cover; each person is priced
 * by the API as the ages are typed, and the total is the exact sum of their prices.
 */
export function QuotePanel({ canReadCountries, initialVersionId }: QuotePanelProps) {
  const products = useApiData<Product[]>("/api/v1/products/");
  const countries = useApiData<Country[]>(canReadCountries ? "/api/v1/geography/countries" : null);
  const [choice, setChoice] = useState<Selection | null>(null);
  const [country, setCountry] = useState("");
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

  const canPrice = Boolean(version?.is_active) && COUNTRY.test(country);
  const requests =
    version && canPrice
      ? people.flatMap((person) => {
          const age = ageOf(person.age);
          return age === null ? [] : [{ plan_version_id: version.id, country_code: country, age }];
        })
      : [];
  const outcomes = usePriceQuotes(requests);

  function rowStateOf(person: Person): RowState {
    if (!version) return { kind: "incomplete", message: "Choose a product, plan and version." };
    if (!version.is_active) return { kind: "incomplete", message: "This version cannot be priced." };
    if (!COUNTRY.test(country)) return { kind: "incomplete", message: "Choose the country." };
    if (person.age.trim() === "") return { kind: "incomplete", message: "Enter the age." };
    const age = ageOf(person.age);
    if (age === null) return { kind: "incomplete", message: "Enter the age in whole years (0 or more)." };
    const outcome: QuoteOutcome | undefined = outcomes.get(
      quoteKey({ plan_version_id: version.id, country_code: country, age }),
    );
    if (!outcome) return { kind: "pending" };
    return "quote" in outcome ? { kind: "priced", quote: outcome.quote } : { kind: "refused", message: outcome.error };
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
      <Panel title="What to quote" description="Only active products, plans and versions are offered.">
        <ErrorBanner message={products.error} />
        <div className="form-grid quote-choice">
          <Field id="quote-product" label="Product">
            <select
              id="quote-product"
              value={selection.productId}
              disabled={products.isLoading && !products.data}
              onChange={(event) =>
                setChoice(chooseProduct(catalog.find((candidate) => candidate.id === event.target.value)))
              }
            >
              <option value="">{products.isLoading && !products.data ? "Loading…" : "Choose a product…"}</option>
              {productOptions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="quote-plan" label="Plan">
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
              <option value="">Choose a plan…</option>
              {planOptions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {candidate.name}
                </option>
              ))}
            </select>
          </Field>
          <Field id="quote-version" label="Version">
            <select
              id="quote-version"
              value={selection.versionId}
              disabled={!plan}
              onChange={(event) => setChoice({ ...selection, versionId: event.target.value })}
            >
              <option value="">Choose a version…</option>
              {versionOptions.map((candidate) => (
                <option key={candidate.id} value={candidate.id}>
                  {versionName(candidate)} · {candidate.public_price} {candidate.currency}
                  {candidate.is_active ? "" : " (inactive)"}
                </option>
              ))}
            </select>
          </Field>
          <Field id="quote-country" label="Country" hint={canReadCountries ? undefined : "two-letter ISO code"}>
            {countries.isLoading && !countries.data ? (
              <select id="quote-country" disabled>
                <option>Loading countries…</option>
              </select>
            ) : countries.data ? (
              <select id="quote-country" value={country} onChange={(event) => setCountry(event.target.value)}>
                <option value="">Choose a country…</option>
                {countries.data.map((candidate) => (
                  <option key={candidate.id} value={candidate.iso_code}>
                    {candidate.name} ({candidate.iso_code})
                  </option>
                ))}
              </select>
            ) : (
              <input
                id="quote-country"
                value={country}
                maxLength={2}
                autoComplete="off"
                placeholder="e.g. MX"
                onChange={(event) => setCountry(event.target.value.trim().toUpperCase())}
              />
            )}
          </Field>
        </div>
        {version && !version.is_active ? (
          <p className="banner banner-warning" role="alert">
            {versionName(version)} of {plan?.name} is inactive: it cannot be quoted or sold. Choose an active version.
          </p>
        ) : null}
        {versionProblem && "error" in versionProblem ? (
          <p className="banner banner-warning" role="alert">
            {versionProblem.status === 400
              ? `This version can no longer be sold (${versionProblem.error}). Choose another one.`
              : versionProblem.error}
          </p>
        ) : null}
        {version ? <VersionSummary version={version} forQuote /> : null}
      </Panel>

      <Panel
        title="People to cover"
        description="Each person is priced by age as you type; the total adds up their prices."
      >
        <ol className="people">
          {rows.map(({ person, state }, index) => (
            <PersonRow
              key={person.id}
              number={index + 1}
              person={person}
              state={state}
              canRemove={rows.length > 1}
              onAge={(age) => setAge(person.id, age)}
              onRemove={() => removePerson(person.id)}
            />
          ))}
        </ol>
        <div className="form-actions">
          <Button variant="secondary" onClick={addPerson}>
            Add a person
          </Button>
        </div>
        <p className="quote-total" role="status" aria-label="Total">
          {isComplete ? (
            <>
              Total for {rows.length} {rows.length === 1 ? "person" : "people"}:{" "}
              <strong>
                {sumAmounts(priced.map((quote) => quote.final_price))} {priced[0].currency}
              </strong>
            </>
          ) : rows.some(({ state }) => state.kind === "refused") ? (
            <span className="muted">No total: a person above cannot be covered as asked.</span>
          ) : (
            <span className="muted">The total appears once every person has a price.</span>
          )}
        </p>
      </Panel>
    </>
  );
}

type PersonRowProps = {
  number: number;
  person: Person;
  state: RowState;
  canRemove: boolean;
  onAge: (age: string) => void;
  onRemove: () => void;
};

function PersonRow({ number, person, state, canRemove, onAge, onRemove }: PersonRowProps) {
  const id = `person-${person.id}-age`;
  return (
    <li className="person" aria-label={`Person ${number}`}>
      <div className="person-input">
        <Field id={id} label={`Age of person ${number}`}>
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
          <Button variant="danger" onClick={onRemove} aria-label={`Remove person ${number}`}>
            Remove
          </Button>
        ) : null}
      </div>
      <div className="person-result" aria-live="polite">
        {state.kind === "priced" ? (
          <>
            <output className="person-price" aria-label={`Price of person ${number}`}>
              {state.quote.final_price} {state.quote.currency}
            </output>
            <ol className="steps">
              {state.quote.breakdown.steps.map((step, index) => (
                <li key={index}>{step}</li>
              ))}
            </ol>
          </>
        ) : state.kind === "refused" ? (
          <p className="field-error">{state.message}</p>
        ) : state.kind === "pending" ? (
          <p className="muted">Calculating…</p>
        ) : (
          <p className="muted">{state.message}</p>
        )}
      </div>
    </li>
  );
}
