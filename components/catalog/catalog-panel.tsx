"use client";

import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { CreateProductForm } from "./create-product-form";
import { ProductTree } from "./product-tree";
import type { Product } from "./types";

/** The catalog page: the whole tree (inactive products too, as editors must find them to reactivate). */
export function CatalogPanel({ canEdit }: { canEdit: boolean }) {
  const products = useApiData<Product[]>("/api/v1/products/?active_only=false");

  return (
    <>
      <Panel
        title="Products"
        description="Each product with its plans and their versions; open a version for its countries, surcharges and coverages."
      >
        <ErrorBanner message={products.error} />
        {products.isLoading && !products.data ? <p className="muted">Loading…</p> : null}
        {products.data ? <ProductTree products={products.data} canEdit={canEdit} /> : null}
      </Panel>
      {canEdit ? (
        <Panel
          title="Create a product"
          description="The product, its plans and their versions are stored together or not at all. Countries, zones, surcharges and coverages are added afterwards in each version."
        >
          <CreateProductForm />
        </Panel>
      ) : null}
    </>
  );
}
