"use client";

import Link from "next/link";
import { useEffect, useState } from "react";
import { CRM_SYNC_STAGES } from "@/lib/leads/state-machine";
import { apiFetch, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { Field } from "@/components/ui/field";
import { Badge, Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import "./leads.css";
import { MoveButtons } from "./move-buttons";
import { LeadStageBadge } from "./stage-badge";
import { hubspotContactUrl, leadName, type Lead, type LeadDetail } from "./types";

type LeadViewProps = {
  leadId: string;
  canWrite: boolean;
  /** NEXT_PUBLIC_HUBSPOT_PORTAL_ID: with it the CRM id links to HubSpot's contact page. */
  hubspotPortalId: string | null;
};

/** One lead: where it came from, its checkout markers as a timeline, the CRM record, and the seller's edits. */
export function LeadView({ leadId, canWrite, hubspotPortalId }: LeadViewProps) {
  const loaded = useApiData<LeadDetail>(`/api/v1/leads/${leadId}`);
  // The answer of our own PATCH, shown at once (it lacks the CRM sync fields, kept from the read).
  const [patched, setPatched] = useState<Lead | null>(null);
  const lead: LeadDetail | null =
    loaded.data && patched && patched.updated_at > loaded.data.updated_at
      ? { ...loaded.data, ...patched }
      : loaded.data;
  // A move to QUALIFIED or CONVERTED syncs in the background: read the lead again shortly for its CRM id.
  const { reload } = loaded;
  const syncing = patched !== null && CRM_SYNC_STAGES.includes(patched.stage) ? patched.updated_at : null;
  useEffect(() => {
    if (!syncing) return;
    const timer = setTimeout(reload, 2_000);
    return () => clearTimeout(timer);
  }, [syncing, reload]);
  const breadcrumb = (
    <p className="breadcrumb">
      <Link href="/leads">Leads</Link>
    </p>
  );
  if (!lead) {
    return (
      <>
        <header className="page-header">
          {breadcrumb}
          <h1>Lead</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">Loading…</p> : null}
      </>
    );
  }

  const crmUrl = lead.crm_lead_id ? hubspotContactUrl(hubspotPortalId, lead.crm_lead_id) : null;
  return (
    <>
      <header className="page-header">
        {breadcrumb}
        <h1>{leadName(lead)}</h1>
        <p className="chips" data-testid="lead-chips">
          <LeadStageBadge stage={lead.stage} />
          {lead.converted_to_contact_flag ? <Badge tone="ok">converted to contact</Badge> : null}
          {lead.abandoned_checkout_flag ? <Badge tone="danger">abandoned checkout</Badge> : null}
          <Badge>score {lead.lead_score}</Badge>
        </p>
      </header>
      <ErrorBanner message={loaded.error} />
      <div className="lead-layout">
        <Panel title="Contact and source">
          <dl className="facts lead-facts">
            <dt>Phone</dt>
            <dd>{lead.phone_e164}</dd>
            <dt>E-mail</dt>
            <dd>{lead.email ?? "none given"}</dd>
            <dt>Source</dt>
            <dd>{lead.source_channel ?? "none"}</dd>
            <dt>Campaign</dt>
            <dd>{lead.campaign_id ?? "none"}</dd>
            <dt>UTM</dt>
            <dd>
              {lead.utm_source || lead.utm_medium ? `${lead.utm_source ?? "?"} / ${lead.utm_medium ?? "?"}` : "none"}
            </dd>
            <dt>Landing page</dt>
            <dd className="lead-url">{lead.landing_page ?? "none"}</dd>
            <dt>Captured</dt>
            <dd>
              <time dateTime={lead.created_at}>{new Date(lead.created_at).toLocaleString()}</time>
            </dd>
          </dl>
        </Panel>
        <Panel title="Checkout" description="The markers of the public form and the payment gateway, in order.">
          <MarkerTimeline lead={lead} />
        </Panel>
        <Panel title="CRM" description="Sent to HubSpot when the lead becomes qualified or converted.">
          <dl className="facts lead-facts">
            <dt>Contact id</dt>
            <dd data-testid="crm-id">
              {!lead.crm_lead_id ? (
                "not in the CRM yet"
              ) : crmUrl ? (
                <a href={crmUrl} target="_blank" rel="noreferrer">
                  {lead.crm_lead_id}
                </a>
              ) : (
                <code>{lead.crm_lead_id}</code>
              )}
            </dd>
            <dt>Converted</dt>
            <dd data-testid="converted-flag">{lead.converted_to_contact_flag ? "yes: converted_to_contact" : "no"}</dd>
          </dl>
          {lead.crm_sync_error ? (
            <p className="banner banner-error lead-sync-error" data-testid="crm-sync-error">
              Last sync failed: {lead.crm_sync_error}
            </p>
          ) : lead.crm_synced_at ? (
            <p className="muted">
              Last synced <time dateTime={lead.crm_synced_at}>{new Date(lead.crm_synced_at).toLocaleString()}</time>.
            </p>
          ) : null}
        </Panel>
        {canWrite ? (
          <Panel title="Work the lead" description="Only the moves allowed from the current stage are offered.">
            <MoveButtons lead={lead} onMoved={setPatched} />
            <ScoreForm key={`${lead.id}:${lead.lead_score}`} lead={lead} onSaved={setPatched} />
          </Panel>
        ) : null}
      </div>
    </>
  );
}

type Marker = { label: string; at: string | null };

/** The four markers in the order a buyer passes them, then the abandonment flag when it is set. */
function MarkerTimeline({ lead }: { lead: Lead }) {
  const markers: Marker[] = [
    { label: "Form started", at: lead.form_started_at },
    { label: "Form completed", at: lead.form_completed_at },
    { label: "Checkout started", at: lead.checkout_started_at },
    { label: "Purchase completed", at: lead.purchase_completed_at },
  ];
  return (
    <ol className="lead-timeline">
      {markers.map((marker) => (
        <li key={marker.label} className={marker.at ? "is-done" : "is-pending"}>
          <span className="lead-timeline-label">{marker.label}</span>{" "}
          {marker.at ? (
            <time className="muted" dateTime={marker.at}>
              {new Date(marker.at).toLocaleString()}
            </time>
          ) : (
            <span className="muted">not yet</span>
          )}
        </li>
      ))}
      {lead.abandoned_checkout_flag ? (
        <li className="is-flag">
          <span className="lead-timeline-label">Checkout abandoned</span>{" "}
          <span className="muted">no purchase within the window after checkout started</span>
        </li>
      ) : null}
    </ol>
  );
}

function ScoreForm({ lead, onSaved }: { lead: Lead; onSaved: (lead: Lead) => void }) {
  const [value, setValue] = useState(String(lead.lead_score));
  const { error, success, isBusy, submit } = useApiSubmit();
  return (
    <form
      className="lead-score-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(async () => {
          const saved = await apiFetch<Lead>(`/api/v1/leads/${lead.id}`, {
            method: "PATCH",
            body: { lead_score: Number(value) },
          });
          onSaved(saved);
          return `Score saved: ${saved.lead_score}.`;
        });
      }}
    >
      <Field id="lead-score" label="Lead score" hint="0 to 1000">
        <input
          id="lead-score"
          type="number"
          min={0}
          max={1000}
          step={1}
          required
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </Field>
      <Button type="submit" variant="secondary" isBusy={isBusy}>
        Save score
      </Button>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
    </form>
  );
}
