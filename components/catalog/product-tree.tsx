"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/panel";
import { ActivationButton } from "./activation-button";
import { AddPlanForm } from "./add-plan-form";
import type { Plan, Product, Version } from "./types";
import { versionName } from "./types";

type ProductTreeProps = { products: Product[]; canEdit: boolean };

/** Product -> plans -> versions, each with what a person checks first: active, in use, price. */
export function ProductTree({ products, canEdit }: ProductTreeProps) {
  if (products.length === 0) return <p className="muted">No product yet.</p>;
  return (
    <ul className="product-list">
      {products.map((product) => (
        <li key={product.id} className="card" aria-label={product.name}>
          <div className="card-head">
            <div>
              <span className="card-title">{product.name}</span>{" "}
              {product.is_active ? <Badge tone="ok">active</Badge> : <Badge tone="danger">inactive</Badge>}{" "}
              <Badge>{product.product_type}</Badge>
              {product.description ? <p className="muted">{product.description}</p> : null}
            </div>
            {canEdit ? (
              <ActivationButton kind="product" isActive={product.is_active} url={`/api/v1/products/${product.id}`} />
            ) : null}
          </div>
          {product.plans.length === 0 ? <p className="muted">No plan yet.</p> : null}
          {product.plans.map((plan) => (
            <PlanBlock key={plan.id} plan={plan} canEdit={canEdit} />
          ))}
          {canEdit ? (
            <details className="add-plan">
              <summary>Add a plan</summary>
              <AddPlanForm product={product} />
            </details>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function PlanBlock({ plan, canEdit }: { plan: Plan; canEdit: boolean }) {
  return (
    <section className="plan-block" aria-label={`Plan ${plan.name}`}>
      <h3>
        {plan.name}
        {plan.processor_price_id ? <span className="muted"> · {plan.processor_price_id}</span> : null}
      </h3>
      {plan.versions.length === 0 ? (
        <p className="muted">No version yet.</p>
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table-stacked" aria-label={`Versions of ${plan.name}`}>
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Public price</th>
                {canEdit ? <th scope="col">Cost price</th> : null}
                <th scope="col">Ages</th>
                <th scope="col">Rules</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
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
  const name = versionName(version);
  return (
    <tr>
      <td data-label="Version">{name}</td>
      <td data-label="Public price">
        {version.public_price} {version.currency}
      </td>
      {canEdit ? (
        <td data-label="Cost price">
          {version.cost_price ?? "—"} {version.currency}
        </td>
      ) : null}
      <td data-label="Ages">
        entry ≤ {version.max_entry_age}, renewal ≤ {version.max_renewal_age}
      </td>
      <td data-label="Rules">{describeRules(version)}</td>
      <td data-label="Status">
        <span className="chips">
          {version.is_active ? <Badge tone="ok">active</Badge> : <Badge tone="danger">inactive</Badge>}
          {version.in_use ? <Badge tone="accent">in use</Badge> : null}
        </span>
      </td>
      <td data-label="Actions">
        <span className="row-links">
          <Link
            href={`/catalog/versions/${version.id}`}
            aria-label={`${canEdit ? "Edit" : "View"} ${plan.name} ${name}`}
          >
            {canEdit ? "Edit" : "View"}
          </Link>
          {version.is_active ? (
            <Link href={`/quote?version=${version.id}`} aria-label={`Quote ${plan.name} ${name}`}>
              Quote
            </Link>
          ) : null}
        </span>
      </td>
    </tr>
  );
}

function describeRules(version: Version): string {
  const parts = [
    count(version.countries.length, "country", "countries"),
    count(version.zones.length, "zone", "zones"),
    count(version.age_surcharges.length, "surcharge band", "surcharge bands"),
    count(version.coverages.length, "coverage", "coverages"),
  ];
  return parts.join(" · ");
}

function count(value: number, one: string, many: string): string {
  return `${value} ${value === 1 ? one : many}`;
}
