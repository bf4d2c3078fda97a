"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useDebouncedValue } from "@/components/clients/use-debounced-value";
import { ApiError, apiFetch, messageOf } from "@/components/ui/api-client";
import { ErrorBanner } from "@/components/ui/error-banner";
import { SearchBox } from "@/components/ui/search-box";
import { useFormat } from "@/components/ui/use-format";
import { LEAD_STAGES, type LeadStage } from "@/lib/leads/state-machine";
import "./leads.css";
import { MoveButtons } from "./move-buttons";
import { leadAge, leadName, type Lead } from "./types";

// The newest leads of each stage; the API's largest page. Older ones are still reachable by the list API.
const PER_STAGE = 200;

type Board = Record<LeadStage, Lead[]>;

/**
 * Under the leads' resource key: a change of a lead that invalidates "/api/v1/leads" reads the board again,
 * whatever its search.
 */
const boardKey = (q: string) => ["api", "leads", "board", q];

async function loadBoard(q: string, signal: AbortSignal): Promise<Board> {
  const columns = await Promise.all(
    LEAD_STAGES.map((stage) => {
      const query = new URLSearchParams({ status: stage, limit: String(PER_STAGE) });
      if (q) query.set("q", q);
      return apiFetch<Lead[]>(`/api/v1/leads/?${query}`, { signal });
    }),
  );
  return Object.fromEntries(LEAD_STAGES.map((stage, index) => [stage, columns[index]])) as Board;
}

/**
 * The pipeline: one column per stage (GET /leads/?status=...), newest first, narrowed by a search of names,
 * e-mails and phone numbers (`q`). A card's buttons offer the moves allowed from its stage; a move takes
 * the card to its new column at once.
 */
export function PipelineBoard({ canWrite }: { canWrite: boolean }) {
  const t = useTranslations("leads");
  const tc = useTranslations("codes");
  const tCommon = useTranslations("common");
  const f = useFormat();
  /** "just now", "5 min", "3 h", "2 d" in the page's language. */
  const ageLabel = (since: string, now: number) => {
    const age = leadAge(since, now);
    if (age.unit === "now") return t("age.justNow");
    if (age.unit === "minutes") return t("age.minutes", { minutes: age.count });
    if (age.unit === "hours") return t("age.hours", { hours: age.count });
    return t("age.days", { days: age.count });
  };
  const client = useQueryClient();
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim());
  const query = useQuery({ queryKey: boardKey(q), queryFn: ({ signal }) => loadBoard(q, signal) });
  const board = query.data ?? null;
  // When the board was read: the cards' ages count from it (a render must not read the clock).
  const readAt = query.dataUpdatedAt;
  const error = query.error
    ? query.error instanceof ApiError
      ? t("board.loadFailed", { detail: messageOf(query.error) })
      : tCommon("networkError")
    : null;

  // A move's answer takes the card to its new column at once, without reading the board again.
  const moved = (lead: Lead) =>
    client.setQueryData<Board>(
      boardKey(q),
      (current) => {
        if (!current) return current;
        const next = Object.fromEntries(
          LEAD_STAGES.map((stage) => [stage, current[stage].filter((card) => card.id !== lead.id)]),
        ) as Board;
        next[lead.stage] = [lead, ...next[lead.stage]].sort((a, b) => b.created_at.localeCompare(a.created_at));
        return next;
      },
      // The ages still count from the read.
      { updatedAt: query.dataUpdatedAt },
    );

  return (
    <>
      <SearchBox id="leads-search" label={t("board.search")} value={search} onChange={setSearch} />
      <ErrorBanner message={error} />
      {!board ? (
        <p className="muted">{tCommon("loading")}</p>
      ) : (
        <div className="pipeline">
          {LEAD_STAGES.map((stage) => (
            <section key={stage} className="pipeline-column" aria-labelledby={`stage-${stage}`}>
              <h2 id={`stage-${stage}`} className="pipeline-title">
                {tc(`leadStage.${stage}`)} <span className="pipeline-count">{board[stage].length}</span>
              </h2>
              {board[stage].length === 0 ? (
                <p className="muted pipeline-empty">{t("board.noLeads")}</p>
              ) : (
                <ul className="pipeline-cards">
                  {board[stage].map((lead) => (
                    <li key={lead.id} className="lead-card" data-lead-id={lead.id}>
                      <Link className="lead-card-name" href={`/leads/${lead.id}`}>
                        {leadName(lead)}
                      </Link>
                      <p className="lead-card-phone">{lead.phone_e164}</p>
                      {lead.client_id ? (
                        <p className="lead-card-client">
                          {t("board.client")} <Link href={`/clients/${lead.client_id}`}>{lead.client_name}</Link>
                        </p>
                      ) : null}
                      <p className="muted lead-card-meta">
                        <span>{lead.source_channel ?? t("board.noSource")}</span>
                        <span aria-hidden="true"> · </span>
                        <time dateTime={lead.created_at} title={f.dateTime(lead.created_at)}>
                          {ageLabel(lead.created_at, readAt)}
                        </time>
                        {lead.abandoned_checkout_flag ? (
                          <span className="lead-card-flag"> · {t("board.abandoned")}</span>
                        ) : null}
                      </p>
                      {canWrite ? <MoveButtons lead={lead} onMoved={moved} /> : null}
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </>
  );
}
