"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { StatusBadge } from "@/components/policies/status-badge";
import type { PolicyRow } from "@/components/policies/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { useFormat } from "@/components/ui/use-format";
import type { Lead } from "./types";

// The client's newest policies on the lead; the policies page lists them all.
const POLICIES_SHOWN = 20;

type LeadClientPanelProps = {
  lead: Lead;
  /** emission:read: the client's page and policies can be opened. */
  canReadClients: boolean;
  /** emission:write: a policy can be issued for the client. */
  canIssue: boolean;
};

/** Who the lead became: the client it was converted into, linked, with that client's policies. */
export function LeadClientPanel({ lead, canReadClients, canIssue }: LeadClientPanelProps) {
  const t = useTranslations("leads.client");
  const f = useFormat();
  const clientId = lead.client_id;
  const policies = useApiData<Paginated<PolicyRow>>(
    clientId && canReadClients
      ? `/api/v1/emission/policies?${new URLSearchParams({ client_id: clientId, page_size: String(POLICIES_SHOWN) })}`
      : null,
  );

  if (!clientId) {
    return (
      <Panel title={t("title")}>
        <p className="muted" data-testid="lead-client">
          {lead.stage === "CONVERTED" ? t("convertedWithoutClient") : t("notYet")}
        </p>
      </Panel>
    );
  }
  const items = policies.data?.items ?? null;
  return (
    <Panel title={t("title")}>
      <p data-testid="lead-client">
        {canReadClients ? <Link href={`/clients/${clientId}`}>{lead.client_name}</Link> : lead.client_name}
      </p>
      {canReadClients ? (
        <>
          <h3 className="lead-client-policies">{t("policies")}</h3>
          <ErrorBanner message={policies.error} />
          {items === null ? (
            <p className="muted">{t("loading")}</p>
          ) : items.length === 0 ? (
            <p className="muted">{t("noPolicies")}</p>
          ) : (
            <ul className="lead-policy-list" aria-label={t("policies")}>
              {items.map((policy) => (
                <li key={policy.id}>
                  <Link href={`/policies/${policy.id}`}>{policy.policy_number}</Link>{" "}
                  <span className="muted">
                    {policy.plan_name} · {t("from", { date: f.date(policy.start_date) })}
                  </span>{" "}
                  <StatusBadge status={policy.status} />
                </li>
              ))}
            </ul>
          )}
          <p className="row-links">
            {items && policies.data && policies.data.total > items.length ? (
              <Link href={`/policies?client=${clientId}`}>{t("allPolicies", { count: policies.data.total })}</Link>
            ) : null}
            {canIssue ? <Link href={`/policies/new?client=${clientId}`}>{t("issue")}</Link> : null}
          </p>
        </>
      ) : null}
    </Panel>
  );
}
