"use client";

import Link from "next/link";
import { ClientNotifications } from "@/components/payments/client-notifications";
import { PolicyPayments } from "@/components/payments/policy-payments";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { BeneficiariesTable } from "./beneficiaries-table";
import { CertificateLinks } from "./certificate-links";
import { HistoryTimeline } from "./history-timeline";
import "./policies.css";
import { StatusBadge } from "./status-badge";
import { TransitionForm } from "./transition-form";
import type { PolicyDetail } from "./types";

type PolicyViewProps = { policyId: string; canTransition: boolean; canMarkDeceased: boolean };

/** One policy: what it covers, whom, its history, and for administrators the moves and markings. */
export function PolicyView({ policyId, canTransition, canMarkDeceased }: PolicyViewProps) {
  const loaded = useApiData<PolicyDetail>(`/api/v1/emission/policies/${policyId}`);
  const policy = loaded.data;

  if (!policy) {
    return (
      <>
        <header className="page-header">
          <p className="breadcrumb">
            <Link href="/policies">Policies</Link>
          </p>
          <h1>Policy</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">Loading…</p> : null}
      </>
    );
  }

  return (
    <>
      <header className="page-header">
        <p className="breadcrumb">
          <Link href="/policies">Policies</Link>
        </p>
        <h1>{policy.policy_number}</h1>
        <p className="chips">
          <StatusBadge status={policy.status} />
        </p>
      </header>
      <ErrorBanner message={loaded.error} />
      <Panel title="Summary">
        <div className="policy-summary">
          <dl className="facts">
            <dt>Client</dt>
            <dd>
              <Link href={`/policies?client=${policy.client_id}`}>{policy.client_name}</Link>
            </dd>
            <dt>Product</dt>
            <dd>{policy.product_name}</dd>
            <dt>Plan</dt>
            <dd>
              {policy.plan_name} · {policy.version_label}
            </dd>
          </dl>
          <dl className="facts">
            <dt>Valid</dt>
            <dd>
              {policy.start_date} to {policy.end_date}
            </dd>
            <dt>Premium</dt>
            <dd>
              <strong>
                {policy.final_price} {policy.currency}
              </strong>{" "}
              a month
            </dd>
            <dt>Issued</dt>
            <dd>{new Date(policy.created_at).toLocaleString()}</dd>
          </dl>
        </div>
        <CertificateLinks policy={policy} />
      </Panel>
      <Panel title="Beneficiaries" description="Each person's price at the age they have on the start date.">
        <BeneficiariesTable
          beneficiaries={policy.beneficiaries}
          currency={policy.currency}
          canMarkDeceased={canMarkDeceased}
          policyId={policy.id}
        />
      </Panel>
      <PolicyPayments policy={policy} />
      {canTransition ? (
        <Panel title="Change status" description="Only the moves allowed by hand from the current status are offered.">
          <TransitionForm policy={policy} />
        </Panel>
      ) : null}
      <Panel title="History" description="Every status move: from, to, who and why.">
        <HistoryTimeline entries={policy.status_history} />
      </Panel>
      <ClientNotifications clientId={policy.client_id} />
    </>
  );
}
