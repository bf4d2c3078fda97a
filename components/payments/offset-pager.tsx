"use client";

import { Button } from "@/components/ui/button";

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
  return (
    <nav className="pagination" aria-label="Pages">
      <span>{count === 0 ? "No rows" : `Rows ${offset + 1}–${offset + count}`}</span>
      <Button variant="secondary" onClick={() => onOffsetChange(Math.max(0, offset - limit))} disabled={offset === 0}>
        Previous
      </Button>
      <Button variant="secondary" onClick={() => onOffsetChange(offset + limit)} disabled={!hasMore}>
        Next
      </Button>
    </nav>
  );
}
