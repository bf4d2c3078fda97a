"use client";

import { useTranslations } from "next-intl";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { CreateProductForm } from "./create-product-form";
import { ProductTree } from "./product-tree";
import type { Product } from "./types";

/** The catalog page: the whole tree (inactive products too, as editors must find them to reactivate). */
export function CatalogPanel({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations("catalog");
  const tc = useTranslations("common");
  const products = useApiData<Product[]>("/api/v1/products/?active_only=false");

  return (
    <>
      <Panel title={t("products.title")} description={t("products.description")}>
        <ErrorBanner message={products.error ? t("errors.loadFailed", { detail: products.error }) : null} />
        {products.isLoading && !products.data ? <p className="muted">{tc("loading")}</p> : null}
        {products.data ? <ProductTree products={products.data} canEdit={canEdit} /> : null}
      </Panel>
      {canEdit ? (
        <Panel title={t("createProduct.title")} description={t("createProduct.description")}>
          <CreateProductForm />
        </Panel>
      ) : null}
    </>
  );
}
