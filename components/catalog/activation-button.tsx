"use client";

import { useTranslations } from "next-intl";
import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useCatalogErrors } from "./use-catalog-errors";

type ActivationButtonProps = {
  /** Said on the button, as both kinds can sit side by side. */
  kind: "product" | "version";
  isActive: boolean;
  /** The PATCH endpoint of the record; activation is `{is_active}` for products and versions alike. */
  url: string;
};

/** Products and versions are both read under /products: the tree or the version shows the new state. */
const CATALOG_WRITE = ["/api/v1/products"];

const LABELS = {
  product: { activate: "activateProduct", deactivate: "deactivateProduct" },
  version: { activate: "activateVersion", deactivate: "deactivateVersion" },
} as const;

/** Activates or deactivates a product or a version; an inactive one stays in the catalog but is not sold. */
export function ActivationButton({ kind, isActive, url }: ActivationButtonProps) {
  const t = useTranslations("catalog.activation");
  const describeError = useCatalogErrors();
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, { invalidates: CATALOG_WRITE, describeError });

  async function toggle() {
    await submit(async () => {
      await apiFetch(url, { method: "PATCH", body: { is_active: !isActive } });
    });
  }

  return (
    <span className="activation">
      <Button variant={isActive ? "danger" : "secondary"} onClick={toggle} isBusy={isBusy}>
        {t(LABELS[kind][isActive ? "deactivate" : "activate"])}
      </Button>
      <InlineError message={error} />
    </span>
  );
}
