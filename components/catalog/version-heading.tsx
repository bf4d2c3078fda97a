"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import { ActiveBadge } from "./product-tree";
import type { VersionInTree } from "./types";
import { useCatalogFormat } from "./use-catalog-format";

/** Where the version sits (catalog, product, plan) and its state, above both version pages. */
export function VersionHeading({ found, title }: { found: VersionInTree; title: string }) {
  const t = useTranslations("catalog");
  const f = useCatalogFormat();
  const { product, plan, version } = found;
  return (
    <header className="page-header">
      <nav aria-label={t("version.breadcrumb")} className="breadcrumb">
        <Link href="/catalog">{t("title")}</Link> <span aria-hidden="true">›</span> {product.name}{" "}
        <span aria-hidden="true">›</span> {plan.name}
      </nav>
      <h1>{title}</h1>
      <p className="chips">
        <ActiveBadge isActive={version.is_active} />
        {version.in_use ? <Badge tone="accent">{t("state.inUse")}</Badge> : null}
        {product.is_active ? null : <Badge tone="danger">{t("state.productInactive")}</Badge>}
        <Badge>{f.money(version.public_price, version.currency)}</Badge>
      </p>
    </header>
  );
}
