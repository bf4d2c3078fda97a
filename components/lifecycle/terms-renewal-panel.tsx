"use client";

import { useQuery } from "@tanstack/react-query";
import { createColumnHelper, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import "./lifecycle.css";
import { useMemo } from "react";
import type { PolicyDetail } from "@/components/policies/types";
import { apiFetch, ApiError, apiQueryKey, useApiData, useApiMessage } from "@/components/ui/api-client";
import { DataTable } from "@/components/ui/data-table";
import { ErrorBanner, InlineError } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { FINAL_STATUSES, policyPath } from "./types";
import type { PolicyTermResponse, RenewalPreviewResponse } from "@/lib/lifecycle/schemas";

const column = createColumnHelper<PolicyTermResponse>();

type TermsRenewalPanelProps = { policy: PolicyDetail; canWrite: boolean };

/**
 * The policy's terms, one per year of cover (lifecycle.md section 5), and what the next one would be:
 * the renewal preview, or why the policy will not renew. Those who may change the policy turn
 * automatic renewal on or off here.
 */
export function TermsRenewalPanel({ policy, canWrite }: TermsRenewalPanelProps) {
  const t = useTranslations("lifecycle.terms");
  const f = useFormat();
  const terms = useApiData<PolicyTermResponse[]>(`${policyPath(policy.id)}/terms`);
  const columns = useMemo(
    () => [
      column.accessor("term_number", { header: t("number"), cell: (info) => f.number(info.getValue()) }),
      column.accessor("start_date", { header: t("start"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("end_date", { header: t("end"), cell: (info) => f.date(info.getValue()) }),
      column.accessor("premium", {
        header: t("premium"),
        cell: (info) => f.money(info.getValue(), policy.currency),
      }),
      column.accessor("lives", { header: t("lives"), cell: (info) => f.number(info.getValue().length) }),
    ],
    [t, f, policy.currency],
  );
  const rows = useMemo(() => terms.data ?? [], [terms.data]);
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true });

  return (
    <Panel
      title={t("title")}
      description={t("description")}
      actions={<AutoRenewSwitch policy={policy} canWrite={canWrite} />}
    >
      <ErrorBanner message={terms.error} />
      <DataTable table={table} label={t("table")} isLoading={terms.isLoading} emptyText={t("empty")} />
      {FINAL_STATUSES.includes(policy.status) ? null : <RenewalPreviewBlock policy={policy} />}
    </Panel>
  );
}

/** PATCH {auto_renew}: a switch for those who may change a running policy, a plain statement otherwise. */
function AutoRenewSwitch({ policy, canWrite }: TermsRenewalPanelProps) {
  const t = useTranslations("lifecycle.terms");
  const { submit, isBusy, error } = useApiSubmit(undefined, undefined, { invalidates: [policyPath(policy.id)] });
  // A policy that has ended renews no more (the PATCH answers 409).
  if (FINAL_STATUSES.includes(policy.status)) return null;
  if (!canWrite) return <p className="muted">{policy.auto_renew ? t("autoRenewOn") : t("autoRenewOff")}</p>;
  return (
    <div className="field-checkbox">
      <input
        id="auto-renew"
        type="checkbox"
        role="switch"
        checked={policy.auto_renew}
        disabled={isBusy}
        aria-checked={policy.auto_renew}
        onChange={(event) => {
          const autoRenew = event.target.checked;
          void submit(() =>
            apiFetch(policyPath(policy.id), { method: "PATCH", body: { auto_renew: autoRenew } }).then(() => undefined),
          );
        }}
      />
      <label htmlFor="auto-renew">{t("autoRenew")}</label>
      <InlineError message={error} />
    </div>
  );
}

/** GET renewal-preview; its 409 is no failure but the answer "it will not renew", with the API's reason. */
function RenewalPreviewBlock({ policy }: { policy: PolicyDetail }) {
  const t = useTranslations("lifecycle.terms");
  const f = useFormat();
  const describe = useApiMessage();
  const url = `${policyPath(policy.id)}/renewal-preview`;
  // Keyed by the policy's own answer too: a change of auto_renew or of the lives changes the preview.
  const preview = useQuery<RenewalPreviewResponse>({
    queryKey: [...apiQueryKey(url), policy.auto_renew, policy.final_price, policy.beneficiaries.length],
    queryFn: ({ signal }) => apiFetch<RenewalPreviewResponse>(url, { signal }),
  });
  const names = new Map(policy.beneficiaries.map((life) => [life.id, `${life.first_name} ${life.last_name}`]));
  const nameOf = (id: string) => names.get(id) ?? id;

  if (preview.error instanceof ApiError && preview.error.status === 409)
    return (
      <p className="banner banner-warning" role="note">
        {t("willNotRenew", { reason: preview.error.message })}
      </p>
    );
  if (preview.error) return <ErrorBanner message={describe(preview.error)} />;
  if (!preview.data) return null;
  const next = preview.data;
  return (
    <section className="renewal-preview" aria-label={t("preview")}>
      <h3>{t("preview")}</h3>
      <p>
        {t("previewSummary", {
          start: f.date(next.term_start_date),
          premium: f.money(next.premium, policy.currency),
        })}
      </p>
      <ul className="unit-list">
        {next.lives.map((life) => (
          <li key={life.beneficiary_id}>
            {t("previewLife", {
              name: nameOf(life.beneficiary_id),
              age: life.age,
              price: f.money(life.price, policy.currency),
            })}
          </li>
        ))}
        {next.dropped.map((life) => (
          <li key={life.beneficiary_id} className="muted">
            {t("previewDropped", { name: nameOf(life.beneficiary_id), reason: life.reason })}
          </li>
        ))}
      </ul>
    </section>
  );
}
