"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner } from "@/components/ui/error-banner";
import { useFormat } from "@/components/ui/use-format";
import { PortfolioCharts } from "./portfolio-charts";
import { PortfolioFigures } from "./portfolio-figures";
import { PortfolioFilters, type ReportScope } from "./portfolio-filters";
import {
  NO_FILTERS,
  reportCsv,
  reportFileName,
  reportJson,
  reportUrl,
  saveFile,
  type Report,
  type ReportFilters,
} from "./report-data";
import "./reports.css";

/**
 * The portfolio dashboard (GET /reports/portfolio, reports.md section 1): the filters, the headline
 * figures, the charts, and a download of the figures on show. A change of filter reloads the report;
 * the previous figures stay on show meanwhile.
 */
export function PortfolioDashboard(scope: ReportScope) {
  const t = useTranslations("reports");
  const common = useTranslations("common");
  const f = useFormat();
  const [filters, setFilters] = useState<ReportFilters>(NO_FILTERS);
  const loaded = useApiData<Report>(reportUrl(filters));
  const report = loaded.data;

  return (
    <>
      <PortfolioFilters filters={filters} onChange={setFilters} {...scope} />
      <ErrorBanner message={loaded.error} />
      {report ? (
        <div className="report" aria-busy={loaded.isLoading || undefined}>
          <div className="report-head">
            <h2>{t("figuresOn", { date: f.date(report.as_of) })}</h2>
            <div className="button-row" role="group" aria-label={t("download.title")} title={t("download.description")}>
              <Button
                variant="secondary"
                onClick={() => saveFile(reportFileName(report, "csv"), "text/csv;charset=utf-8", reportCsv(report))}
              >
                {t("download.csv")}
              </Button>
              <Button
                variant="secondary"
                onClick={() => saveFile(reportFileName(report, "json"), "application/json", reportJson(report))}
              >
                {t("download.json")}
              </Button>
            </div>
          </div>
          <PortfolioFigures report={report} />
          <PortfolioCharts report={report} />
        </div>
      ) : loaded.isLoading ? (
        <p className="muted">{common("loading")}</p>
      ) : null}
    </>
  );
}
