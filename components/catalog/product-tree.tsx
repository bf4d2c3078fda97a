"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import { ActivationButton } from "./activation-button";
import { AddPlanForm } from "./add-plan-form";
import type { Plan, Product, Version } from "./types";
import { useCatalogFormat } from "./use-catalog-format";

type ProductTreeProps = { products: Product[]; canEdit: boolean };

/** Product -> plans -> versions, each with what a person checks first: active, in use, price. */
export function ProductTree({ products, canEdit }: ProductTreeProps) {
  const t = useTranslations("catalog");
  if (products.length === 0) return <p className="muted">{t("products.empty")}</p>;
  return (
    <ul className="product-list">
      {products.map((product) => (
        <li key={product.id} className="card" aria-label={product.name}>
          <div className="card-head">
            <div>
              <span className="card-title">{product.name}</span> <ActiveBadge isActive={product.is_active} />{" "}
              <Badge>{product.product_type}</Badge>
              {product.description ? <p className="muted">{product.description}</p> : null}
            </div>
            {canEdit ? (
              <ActivationButton kind="product" isActive={product.is_active} url={`/api/v1/products/${product.id}`} />
            ) : null}
          </div>
          {product.plans.length === 0 ? <p className="muted">{t("tree.noPlan")}</p> : null}
          {product.plans.map((plan) => (
            <PlanBlock key={plan.id} plan={plan} canEdit={canEdit} />
          ))}
          {canEdit ? (
            <details className="add-plan">
              <summary>{t("addPlan.summary")}</summary>
              <AddPlanForm product={product} />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** "active" or "inactive", for a product or a version. */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const t = useTranslations("catalog.state");
  return isActive ? <Badge tone="ok">{t("active")}</Badge> : <Badge tone="danger">{t("inactive")}</Badge>;
}

function PlanBlock({ plan, canEdit }: { plan: Plan; canEdit: boolean }) {
  const t = useTranslations("catalog.tree");
  return (
    <section className="plan-block" aria-label={t("planLabel", { name: plan.name })}>
      <h3>
        {plan.name}
        {plan.processor_price_id ? <span className="muted"> · {plan.processor_price_id}</span> : null}
      </h3>
      {plan.versions.length === 0 ? (
        <p className="muted">{t("noVersion")}</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table-stacked" aria-label={t("versionsOf", { plan: plan.name })}>
            <thead>
              <tr>
                <th scope="col">{t("version")}</th>
                <th scope="col">{t("publicPrice")}</th>
                {canEdit ? <th scope="col">{t("costPrice")}</th> : null}
                <th scope="col">{t("ages")}</th>
                <th scope="col">{t("rules")}</th>
                <th scope="col">{t("status")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {plan.versions.map((version) => (
                <VersionRow key={version.id} plan={plan} version={version} canEdit={canEdit} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function VersionRow({ plan, version, canEdit }: { plan: Plan; version: Version; canEdit: boolean }) {
  const t = useTranslations("catalog.tree");
  const ts = useTranslations("catalog.state");
  const tc = useTranslations("common");
  const f = useCatalogFormat();
  const name = f.versionName(version);
  const names = { plan: plan.name, version: name };
  return (
    <tr>
      <td data-label={t("version")}>{name}</td>
      <td data-label={t("publicPrice")}>{f.money(version.public_price, version.currency)}</td>
      {canEdit ? (
        <td data-label={t("costPrice")}>
          {version.cost_price === null ? tc("none") : f.money(version.cost_price, version.currency)}
        </td>
      ) : null}
      <td data-label={t("ages")}>
        {t("agesText", { entry: version.max_entry_age, renewal: version.max_renewal_age })}
      </td>
      <td data-label={t("rules")}>
        {t("rulesText", {
          countries: version.countries.length,
          zones: version.zones.length,
          bands: version.age_surcharges.length,
          coverages: version.coverages.length,
        })}
      </td>
      <td data-label={t("status")}>
        <span className="chips">
          <ActiveBadge isActive={version.is_active} />
          {version.in_use ? <Badge tone="accent">{ts("inUse")}</Badge> : null}
        </span>
      </td>
      <td data-label={t("actions")}>
        <span className="row-links">
          <Link
            href={`/catalog/versions/${version.id}`}
            aria-label={canEdit ? t("editLabel", names) : t("viewLabel", names)}
          >
            {canEdit ? t("edit") : t("view")}
          </Link>
          {version.is_active ? (
            <Link href={`/quote?version=${version.id}`} aria-label={t("quoteLabel", names)}>
              {t("quote")}
            </Link>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
