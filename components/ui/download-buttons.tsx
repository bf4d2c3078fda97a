import { useTranslations } from "next-intl";

export type ExportFormat = "csv" | "xlsx";

export type DownloadFilters = Record<string, string | number | boolean | null | undefined> | URLSearchParams;

// A download is every row matching the filters (reports.md section 2): the list's paging is left out.
const PAGING = new Set(["page", "page_size", "cursor", "limit", "offset", "format"]);

/**
 * The address of a list's file: its API path, the page's current filters without paging or empty
 * values, and `format`. A plain GET, so the browser's session cookie authorises it (a GET needs no proof
 * of origin, see lib/http/with-api.ts) and the server's Content-Disposition names the file.
 */
export function downloadHref(path: string, filters: DownloadFilters, format: ExportFormat): string {
  const entries = filters instanceof URLSearchParams ? [...filters.entries()] : Object.entries(filters);
  const query = new URLSearchParams();
  for (const [name, value] of entries) {
    if (PAGING.has(name) || value === undefined || value === null || value === "") continue;
    query.set(name, String(value));
  }
  query.set("format", format);
  return `${path}?${query}`;
}

/**
 * "Download CSV" and "Download Excel" for a list page: links to the list endpoint with `format`, so the
 * file holds every row the filters match, not only the page on show. Server or client component alike.
 */
export function DownloadButtons({ path, filters = {} }: { path: string; filters?: DownloadFilters }) {
  const t = useTranslations("nav.ui.download");
  return (
    <div className="button-row download-buttons" role="group" aria-label={t("group")}>
      <a className="button button-secondary" href={downloadHref(path, filters, "csv")} download title={t("hint")}>
        {t("csv")}
      </a>
      <a className="button button-secondary" href={downloadHref(path, filters, "xlsx")} download title={t("hint")}>
        {t("xlsx")}
      </a>
    </div>
  );
}
