"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { CRM_SYNC_STAGES } from "@/lib/leads/state-machine";
import { UpdateLeadInput } from "@/lib/leads/schemas";
import { ApiError, apiFetch, useApiData } from "@/components/ui/api-client";
import { Button } from "@/components/ui/button";
import { ErrorBanner, SuccessBanner } from "@/components/ui/error-banner";
import { ErrorSummary } from "@/components/ui/error-summary";
import { Field } from "@/components/ui/field";
import { Badge, Panel } from "@/components/ui/panel";
import { useApiSubmit } from "@/components/ui/use-api-submit";
import { useFormat } from "@/components/ui/use-format";
import { useZodResolver } from "@/components/ui/use-zod-resolver";
import "./leads.css";
import { LeadClientPanel } from "./lead-client-panel";
import { MoveButtons } from "./move-buttons";
import { LeadStageBadge } from "./stage-badge";
import { hubspotContactUrl, leadName, type Lead, type LeadDetail } from "./types";

type LeadViewProps = {
  leadId: string;
  canWrite: boolean;
  /** emission:read: the lead's client and its policies can be opened. */
  canReadClients: boolean;
  /** emission:write: a policy can be issued for the lead's client. */
  canIssue: boolean;
  /** NEXT_PUBLIC_HUBSPOT_PORTAL_ID: with it the CRM id links to HubSpot's contact page. */
  hubspotPortalId: string | null;
};

/**
 * One lead: where it came from, the client it became, its checkout markers as a timeline, the CRM record,
 * and the seller's edits.
 */
export function LeadView({ leadId, canWrite, canReadClients, canIssue, hubspotPortalId }: LeadViewProps) {
  const t = useTranslations("leads");
  const tCommon = useTranslations("common");
  const f = useFormat();
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
      <Link href="/leads">{t("title")}</Link>
    </p>
  );
  if (!lead) {
    return (
      <>
        <header className="page-header">
          {breadcrumb}
          <h1>{t("lead")}</h1>
        </header>
        <ErrorBanner message={loaded.error} />
        {loaded.isLoading ? <p className="muted">{tCommon("loading")}</p> : null}
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
          {lead.converted_to_contact_flag ? <Badge tone="ok">{t("view.convertedToContact")}</Badge> : null}
          {lead.abandoned_checkout_flag ? <Badge tone="danger">{t("view.abandoned")}</Badge> : null}
          <Badge>{t("view.score", { score: lead.lead_score })}</Badge>
        </p>
      </header>
      <ErrorBanner message={loaded.error} />
      <div className="lead-layout">
        <Panel title={t("view.contact")}>
          <dl className="facts lead-facts">
            <dt>{t("view.phone")}</dt>
            <dd>{lead.phone_e164}</dd>
            <dt>{t("view.email")}</dt>
            <dd>{lead.email ?? t("view.emailNone")}</dd>
            <dt>{t("view.source")}</dt>
            <dd>{lead.source_channel ?? t("view.none")}</dd>
            <dt>{t("view.campaign")}</dt>
            <dd>{lead.campaign_id ?? t("view.none")}</dd>
            <dt>{t("view.utm")}</dt>
            <dd>
              {lead.utm_source || lead.utm_medium
                ? `${lead.utm_source ?? "?"} / ${lead.utm_medium ?? "?"}`
                : t("view.none")}
            </dd>
            <dt>{t("view.landingPage")}</dt>
            <dd className="lead-url">{lead.landing_page ?? t("view.none")}</dd>
            <dt>{t("view.captured")}</dt>
            <dd>
              <time dateTime={lead.created_at}>{f.dateTime(lead.created_at)}</time>
            </dd>
          </dl>
        </Panel>
        <LeadClientPanel lead={lead} canReadClients={canReadClients} canIssue={canIssue} />
        <Panel title={t("view.checkout")} description={t("view.checkoutDescription")}>
          <MarkerTimeline lead={lead} />
        </Panel>
        <Panel title={t("view.crm")} description={t("view.crmDescription")}>
          <dl className="facts lead-facts">
            <dt>{t("view.contactId")}</dt>
            <dd data-testid="crm-id">
              {!lead.crm_lead_id ? (
                t("view.notInCrm")
              ) : crmUrl ? (
                <a href={crmUrl} target="_blank" rel="noreferrer">
                  {lead.crm_lead_id}
                </a>
              ) : (
                <code>{lead.crm_lead_id}</code>
              )}
            </dd>
            <dt>{t("view.converted")}</dt>
            <dd data-testid="converted-flag">
              {lead.converted_to_contact_flag ? t("view.convertedYes") : t("view.convertedNo")}
            </dd>
          </dl>
          {lead.crm_sync_error ? (
            <p className="banner banner-error lead-sync-error" data-testid="crm-sync-error">
              {t("view.syncFailed", { error: lead.crm_sync_error })}
            </p>
          ) : lead.crm_synced_at ? (
            <p className="muted">
              {t.rich("view.synced", {
                when: f.dateTime(lead.crm_synced_at),
                time: (chunks) => <time dateTime={lead.crm_synced_at ?? undefined}>{chunks}</time>,
              })}
            </p>
          ) : null}
        </Panel>
        {canWrite ? (
          <Panel title={t("view.work")} description={t("view.workDescription")}>
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
  const t = useTranslations("leads.markers");
  const f = useFormat();
  const markers: Marker[] = [
    { label: t("formStarted"), at: lead.form_started_at },
    { label: t("formCompleted"), at: lead.form_completed_at },
    { label: t("checkoutStarted"), at: lead.checkout_started_at },
    { label: t("purchaseCompleted"), at: lead.purchase_completed_at },
  ];
  return (
    <ol className="lead-timeline">
      {markers.map((marker) => (
        <li key={marker.label} className={marker.at ? "is-done" : "is-pending"}>
          <span className="lead-timeline-label">{marker.label}</span>{" "}
          {marker.at ? (
            <time className="muted" dateTime={marker.at}>
              {f.dateTime(marker.at)}
            </time>
          ) : (
            <span className="muted">{t("notYet")}</span>
          )}
        </li>
      ))}
      {lead.abandoned_checkout_flag ? (
        <li className="is-flag">
          <span className="lead-timeline-label">{t("abandoned")}</span>{" "}
          <span className="muted">{t("abandonedDetail")}</span>
        </li>
      ) : null}
    </ol>
  );
}

/** The score form's schema: the API's lead_score, required here (0 to 1000, whole). */
const ScoreInput = UpdateLeadInput.pick({ lead_score: true }).required();
type ScoreValues = z.input<typeof ScoreInput>;
const SCORE_FIELDS = ["lead_score"] as const;

function ScoreForm({ lead, onSaved }: { lead: Lead; onSaved: (lead: Lead) => void }) {
  const t = useTranslations("leads.score");
  const tCommon = useTranslations("common");
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<ScoreValues, unknown, z.output<typeof ScoreInput>>({
    resolver: useZodResolver(ScoreInput),
    defaultValues: { lead_score: lead.lead_score },
  });
  const { error, success, isBusy, submit } = useApiSubmit(setFieldError, SCORE_FIELDS, {
    describeError: (caught) =>
      caught instanceof ApiError ? t("failed", { detail: caught.message }) : tCommon("networkError"),
  });
  return (
    <form
      className="lead-score-form"
      noValidate
      onSubmit={handleSubmit((values) =>
        submit(async () => {
          const saved = await apiFetch<Lead>(`/api/v1/leads/${lead.id}`, {
            method: "PATCH",
            body: { lead_score: values.lead_score },
          });
          onSaved(saved);
          return t("saved", { score: saved.lead_score });
        }),
      )}
    >
      <ErrorSummary control={control} />
      <Field id="lead-score" label={t("label")} hint={t("hint")} error={errors.lead_score?.message}>
        {/* A count, not an amount: a number input. Empty or unreadable, it reads as NaN, which the resolver
            words as the catalog's "Enter a number." */}
        <input
          id="lead-score"
          type="number"
          min={0}
          max={1000}
          step={1}
          aria-invalid={Boolean(errors.lead_score)}
          {...register("lead_score", { valueAsNumber: true })}
        />
      </Field>
      <Button type="submit" variant="secondary" isBusy={isBusy}>
        {t("submit")}
      </Button>
      <ErrorBanner message={error} />
      <SuccessBanner message={success} />
    </form>
  );
}
