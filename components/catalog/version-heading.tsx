import Link from "next/link";
import { Badge } from "@/components/ui/panel";
import type { VersionInTree } from "./types";
import { versionName } from "./types";

/** Where the version sits (catalog, product, plan) and its state, above both version pages. */
export function VersionHeading({ found, title }: { found: VersionInTree; title: string }) {
  const { product, plan, version } = found;
  return (
    <header className="page-header">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/catalog">Catalog</Link> <span aria-hidden="true">›</span> {product.name}{" "}
        <span aria-hidden="true">›</span> {plan.name}
      </nav>
      <h1>
        {title} {versionName(version)}
      </h1>
      <p className="chips">
        {version.is_active ? <Badge tone="ok">active</Badge> : <Badge tone="danger">inactive</Badge>}
        {version.in_use ? <Badge tone="accent">in use</Badge> : null}
        {product.is_active ? null : <Badge tone="danger">product inactive</Badge>}
        <Badge>
          {version.public_price} {version.currency}
        </Badge>
      </p>
    </header>
  );
}
