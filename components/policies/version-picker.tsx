"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { findVersion, versionName, type Plan, type Product, type Version } from "@/components/catalog/types";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { useFormat } from "@/components/ui/use-format";

type Selection = { productId: string; planId: string; versionId: string };
const NOTHING: Selection = { productId: "", planId: "", versionId: "" };

// Only what can be sold is offered: a policy cannot be issued on an inactive version (400).
const sellableVersions = (plan: Plan) => plan.versions.filter((version) => version.is_active);
const sellablePlans = (product: Product) => product.plans.filter((plan) => sellableVersions(plan).length > 0);

/** A product or plan with a single choice below it chooses that too: one step less on a phone. */
function choosePlan(product: Product, plan: Plan | undefined): Selection {
  if (!plan) return { ...NOTHING, productId: product.id };
  const versions = sellableVersions(plan);
  return { productId: product.id, planId: plan.id, versionId: versions.length === 1 ? versions[0].id : "" };
}

function chooseProduct(product: Product | undefined): Selection {
  if (!product) return NOTHING;
  const plans = sellablePlans(product);
  return plans.length === 1 ? choosePlan(product, plans[0]) : { ...NOTHING, productId: product.id };
}

type VersionPickerProps = {
  idPrefix: string;
  /** The version chosen, or null while the choice is incomplete. */
  onChange: (version: Version | null) => void;
  error?: string;
};

/** Product, then plan, then version, from GET /products/ (active ones only). */
export function VersionPicker({ idPrefix, onChange, error }: VersionPickerProps) {
  const t = useTranslations("policies.versionPicker");
  const tCommon = useTranslations("common");
  const f = useFormat();
  const products = useApiData<Product[]>("/api/v1/products/");
  const [selection, setSelection] = useState<Selection>(NOTHING);
  const catalog = (products.data ?? []).filter((product) => sellablePlans(product).length > 0);
  const product = catalog.find((candidate) => candidate.id === selection.productId);
  const plan = product?.plans.find((candidate) => candidate.id === selection.planId);
  const isLoading = products.isLoading && !products.data;

  function select(next: Selection) {
    setSelection(next);
    onChange(next.versionId ? (findVersion(catalog, next.versionId)?.version ?? null) : null);
  }

  return (
    <>
      <ErrorBanner message={products.error} />
      <Field id={`${idPrefix}-product`} label={t("product")}>
        <select
          id={`${idPrefix}-product`}
          value={selection.productId}
          disabled={isLoading}
          onChange={(event) => select(chooseProduct(catalog.find((candidate) => candidate.id === event.target.value)))}
        >
          <option value="">{isLoading ? tCommon("loading") : t("chooseProduct")}</option>
          {catalog.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${idPrefix}-plan`} label={t("plan")}>
        <select
          id={`${idPrefix}-plan`}
          value={selection.planId}
          disabled={!product}
          onChange={(event) =>
            product &&
            select(
              choosePlan(
                product,
                product.plans.find((candidate) => candidate.id === event.target.value),
              ),
            )
          }
        >
          <option value="">{t("choosePlan")}</option>
          {(product ? sellablePlans(product) : []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
      </Field>
      <Field id={`${idPrefix}-version`} label={t("version")} error={error}>
        <select
          id={`${idPrefix}-version`}
          value={selection.versionId}
          disabled={!plan}
          aria-invalid={Boolean(error)}
          onChange={(event) => select({ ...selection, versionId: event.target.value })}
        >
          <option value="">{t("chooseVersion")}</option>
          {(plan ? sellableVersions(plan) : []).map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {versionName(candidate)} · {f.money(candidate.public_price, candidate.currency)}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
