"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { OwnPolicy } from "@/components/policies/types";
import { ClaimStatusBadge } from "@/components/claims/status-badge";
import { useApiData, type Paginated } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { Badge } from "@/components/ui/panel";
import { Pagination } from "@/components/ui/pagination";
import { useFormat } from "@/components/ui/use-format";
import type { ClaimResponse } from "@/lib/claims/schemas";
import { ClaimChecklist } from "./claim-checklist";

/**
 * The client's claims (GET /claims/ answers a client with its own only), one card each: whom it is
 * for, where it stands in words, the facts of the death and the documents still to send. What the
 * desk weighs (cover, waiting period) stays on the desk. `newClaimId`: the claim just reported.
 */
export function OwnClaims({ policies, newClaimId }: { policies: OwnPolicy[]; newClaimId?: string | null }) {
  const t = useTranslations("portal.claims");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const claims = useApiData<Paginated<ClaimResponse>>(
    `/api/v1/claims/?${new URLSearchParams({ page: String(page), page_size: String(pageSize) })}`,
  );
  const items = claims.data?.items ?? [];
  return (
    <>
      <ErrorBanner message={claims.error} />
      {claims.data === null && claims.isLoading ? <p className="muted">{t("loading")}</p> : null}
      {claims.data !== null && items.length === 0 ? <p className="muted">{t("empty")}</p> : null}
      {items.length > 0 ? (
        <ul className="own-claims" aria-label={t("list")}>
          {items.map((claim) => (
            <OwnClaimCard key={claim.id} claim={claim} policies={policies} isNew={claim.id === newClaimId} />
          ))}
        </ul>
      ) : null}
      {claims.data && claims.data.total > claims.data.page_size ? (
        <Pagination
          page={claims.data.page}
          pageSize={claims.data.page_size}
          total={claims.data.total}
          onPageChange={setPage}
          onPageSizeChange={setPageSize}
        />
      ) : null}
    </>
  );
}

function OwnClaimCard({ claim, policies, isNew }: { claim: ClaimResponse; policies: OwnPolicy[]; isNew: boolean }) {
  const t = useTranslations("portal.claims");
  const tc = useTranslations("codes");
  const f = useFormat();
  // Claims carry ids; the portal already holds the policies and people they name.
  const policy = policies.find((candidate) => candidate.id === claim.policy_id);
  const person = policy?.beneficiaries.find((candidate) => candidate.id === claim.beneficiary_id);
  const personName = person ? `${person.first_name} ${person.last_name}` : t("someone");
  return (
    <li
      id={`claim-${claim.id}`}
      className={isNew ? "card own-claim own-claim-new" : "card own-claim"}
      aria-label={personName}
    >
      <div className="card-head">
        <h3>{personName}</h3>
        <span className="own-claim-badges">
          {isNew ? <Badge tone="accent">{t("new")}</Badge> : null}
          <ClaimStatusBadge status={claim.status} />
        </span>
      </div>
      <p className="own-claim-standing">{t(`standing.${claim.status}`)}</p>
      <dl className="facts">
        <dt>{t("number")}</dt>
        <dd className="nowrap">{claim.claim_number}</dd>
        <dt>{t("policy")}</dt>
        <dd>{policy?.policy_number ?? "—"}</dd>
        <dt>{t("dateOfDeath")}</dt>
        <dd>{claim.date_of_death ? f.date(claim.date_of_death) : t("unknownDate")}</dd>
        <dt>{t("cause")}</dt>
        <dd>{tc(`causeOfDeath.${claim.cause_of_death}`)}</dd>
        {claim.place_of_death_country ? (
          <>
            <dt>{t("place")}</dt>
            <dd>{f.country(claim.place_of_death_country)}</dd>
          </>
        ) : null}
        {claim.repatriation_to_country && claim.repatriation_to_country !== claim.place_of_death_country ? (
          <>
            <dt>{t("destination")}</dt>
            <dd>{f.country(claim.repatriation_to_country)}</dd>
          </>
        ) : null}
        <dt>{t("reported")}</dt>
        <dd>
          <time dateTime={claim.reported_at}>{f.date(claim.reported_at)}</time>
        </dd>
      </dl>
      <ClaimChecklist claim={claim} />
    </li>
  );
}
