"use client";

import Link from "next/link";
import { useApiData } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Panel } from "@/components/ui/panel";
import { acceptsExpenses } from "@/lib/claims/state-machine";
import { statusLabel } from "@/lib/emission/labels";
import { ageInDays, ageLabel } from "./claim-math";
import { ClaimTimeline } from "./claim-timeline";
import "./claims.css";
import { ExpenseForm } from "./expense-form";
import { ExpensesList } from "./expenses-list";
import { MoveForm } from "./move-form";
import { ClaimStatusBadge, WaitingPeriodBadge } from "./status-badge";
import { personName, type Claim, type PolicyDetail } from "./types";

type ClaimViewProps = {
  claimId: string;
  currentUserId: string;
  /** claims:write: record expenses. */
  canWrite: boolean;
  /** claims:manage (administrators): move the claim. */
  canManage: boolean;
};

/** One claim: whom and what it is about, its expenses with their totals, the moves, and its timeline. */
export function ClaimView({ claimId, currentUserId, canWrite, canManage }: ClaimViewProps) {
  const loaded = useApiData<Claim>(`/api/v1/claims/${claimId}`);
  const claim = loaded.data;
  // The claim carries ids; the policy names them (number, holder, people).
  const policyLoad = useApiData<PolicyDetail>(claim ? `/api/v1/emission/policies/${claim.policy_id}` : null);
  const policy = policyLoad.data;

  const breadcrumb = (
    <p className="breadcrumb">
      <Link href="/claims">Claims</Link>
    </p>
  );
  if (!claim) {
    return (
      <>
        <header className="page-header">
          {breadcrumb}
          <h1>Claim</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">Loading…</p> : null}
      </>
    );
  }

  const name = personName(policy, claim.beneficiary_id);
  const age = ageInDays(claim.reported_at);
  return (
    <>
      <header className="page-header">
        {breadcrumb}
        <h1>{name ? `Claim of ${name}` : "Claim"}</h1>
        <p className="chips">
          <ClaimStatusBadge status={claim.status} />
          <WaitingPeriodBadge isMet={claim.waiting_period_met} />
        </p>
      </header>
      <ErrorBanner message={loaded.error ?? policyLoad.error} />
      <Panel title="Summary">
        <div className="claim-summary">
          <dl className="facts">
            <dt>Person</dt>
            <dd>
              <Link href={`/policies/${claim.policy_id}`}>{name ?? "the policy's beneficiary"}</Link>
            </dd>
            <dt>Policy</dt>
            <dd>
              <Link href={`/policies/${claim.policy_id}`}>{policy?.policy_number ?? "open the policy"}</Link>
              {policy ? <span className="muted"> · {claimStatusLabelOfPolicy(policy)}</span> : null}
            </dd>
            <dt>Client</dt>
            <dd>{policy?.client_name ?? "…"}</dd>
          </dl>
          <dl className="facts">
            <dt>Reported</dt>
            <dd>
              <time dateTime={claim.reported_at}>{new Date(claim.reported_at).toLocaleString()}</time> ({ageLabel(age)}
              {age > 0 ? " ago" : ""})
            </dd>
            <dt>Cover</dt>
            <dd>
              {policy ? (
                <>
                  <span className="nowrap">{policy.start_date}</span> to{" "}
                  <span className="nowrap">{policy.end_date}</span>
                </>
              ) : (
                "…"
              )}
            </dd>
            <dt>Waiting period</dt>
            <dd>
              {claim.waiting_period_met
                ? "over: the pre-existing conditions wait had passed when this was reported"
                : "not over: reported within the plan's wait for pre-existing conditions; decide before approving"}
            </dd>
          </dl>
        </div>
        <h3 className="claim-description-title">Description</h3>
        <p className="claim-description">{claim.description}</p>
      </Panel>
      <Panel title="Expenses" description="Net amounts as invoiced; totals by type and overall, per currency.">
        <ExpensesList expenses={claim.expenses} />
        {canWrite && acceptsExpenses(claim.status) ? (
          <div className="claim-expense-form">
            <h3>Add an expense</h3>
            <ExpenseForm claimId={claim.id} />
          </div>
        ) : canWrite ? (
          <p className="muted">A {statusLabel(claim.status)} claim takes no more expenses.</p>
        ) : null}
      </Panel>
      {canManage ? (
        <Panel
          title="Change status"
          description="Only the moves allowed from the current status are offered; the reason is kept in the timeline."
        >
          <MoveForm claim={claim} />
        </Panel>
      ) : null}
      <Panel title="Timeline" description="Every status move: from, to, who and why.">
        <ClaimTimeline entries={claim.status_history} currentUserId={currentUserId} />
      </Panel>
    </>
  );
}

function claimStatusLabelOfPolicy(policy: PolicyDetail): string {
  return `policy ${statusLabel(policy.status)}`;
}
