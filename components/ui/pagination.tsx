"use client";

import { useTranslations } from "next-intl";
import { Button } from "./button";

type PaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  /** The total is the database's estimate (the answer's total_is_estimate): "of about N". */
  estimated?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
};

const PAGE_SIZES = [10, 25, 50, 100, 200];

/** Page controls for a list the server paginates ({items, total, page, page_size}). */
export function Pagination({ page, pageSize, total, estimated, onPageChange, onPageSizeChange }: PaginationProps) {
  const t = useTranslations("nav.ui");
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="pagination" aria-label={t("pages")}>
      <span>{t(estimated ? "rangeEstimated" : "range", { first, last, total })}</span>
      <Button variant="secondary" onClick={() => onPageChange(page - 1)} disabled={page <= 1}>
        {t("previous")}
      </Button>
      <span>{t("page", { page, pages: pageCount })}</span>
      <Button variant="secondary" onClick={() => onPageChange(page + 1)} disabled={page >= pageCount}>
        {t("next")}
      </Button>
      {onPageSizeChange ? (
        <label className="pagination-size">
          {t("rowsPerPage")}{" "}
          <select
            value={pageSize}
            onChange={(event) => {
              onPageSizeChange(Number(event.target.value));
              // The old page number means other rows at another size: start from the first page.
              onPageChange(1);
            }}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </nav>
  );
}
