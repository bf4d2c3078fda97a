"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { useFormat } from "@/components/ui/use-format";

type OffsetPagerProps = {
  offset: number;
  limit: number;
  /** Rows shown on this page. */
  count: number;
  hasMore: boolean;
  onOffsetChange: (offset: number) => void;
};

/**
 * Page controls for a bare list with limit/offset (the transactions list), which tells no total: the
 * page asks for one row more than it shows, and that row says whether a next page exists.
 */
export function OffsetPager({ offset, limit, count, hasMore, onOffsetChange }: OffsetPagerProps) {
  const t = useTranslations("payments.pager");
  const common = useTranslations("common");
  const f = useFormat();
  return (
    <nav className="pagination" aria-label={t("label")}>
      <span>{count === 0 ? t("noRows") : t("rows", { from: f.number(offset + 1), to: f.number(offset + count) })}</span>
      <Button variant="secondary" onClick={() => onOffsetChange(Math.max(0, offset - limit))} disabled={offset === 0}>
        {common("previous")}
      </Button>
      <Button variant="secondary" onClick={() => onOffsetChange(offset + limit)} disabled={!hasMore}>
        {common("next")}
      </Button>
    </nav>
  );
}
