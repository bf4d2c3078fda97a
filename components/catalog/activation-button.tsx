"use client";

import { apiFetch } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { InlineError } from "@/components/ui/error-banner";
import { useApiSubmit } from "@/components/ui/use-api-submit";

type ActivationButtonProps = {
  /** "product" or "version": said on the button, as both kinds can sit side by side. */
  kind: string;
  isActive: boolean;
  /** The PATCH endpoint of the record; activation is `{is_active}` for products and versions alike. */
  url: string;
};

/** Products and versions are both read under /products: the tree or the version shows the new state. */
const CATALOG_WRITE = { invalidates: ["/api/v1/products"] };

/** Activates or deactivates a product or a version; an inactive one stays in the catalog but is not sold. */
export function ActivationButton({ kind, isActive, url }: ActivationButtonProps) {
  const { error, isBusy, submit } = useApiSubmit(undefined, undefined, CATALOG_WRITE);
  const action = isActive ? "Deactivate" : "Activate";

  async function toggle() {
    await submit(async () => {
      await apiFetch(url, { method: "PATCH", body: { is_active: !isActive } });
    });
  }

  return (
    <span className="activation">
      <Button variant={isActive ? "danger" : "secondary"} onClick={toggle} isBusy={isBusy}>
        {action} {kind}
      </Button>
      <InlineError message={error} />
    </span>
  );
}
