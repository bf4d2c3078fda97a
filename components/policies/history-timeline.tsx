"use client";

import { useTranslations } from "next-intl";
import { ActorName } from "@/components/ui/actor-name";
import { useFormat } from "@/components/ui/use-format";
import { StatusBadge } from "./status-badge";
import type { HistoryEntry } from "./types";

/** Every status move of the policy, oldest first, as the history table records it. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  const t = useTranslations("policies.history");
  const f = useFormat();
  // Moves made in one transaction share a timestamp (an issue paid at once): the issue itself goes first.
  const ordered = [...entries].sort(
    (a, b) =>
      a.changed_at.localeCompare(b.changed_at) || Number(a.from_status !== null) - Number(b.from_status !== null),
  );
  return (
    <ol className="timeline" aria-label={t("label")}>
      {ordered.map((entry, index) => (
        <li key={`${entry.changed_at}-${index}`}>
          <div className="timeline-move">
            {entry.from_status ? (
              <>
                <StatusBadge status={entry.from_status} /> <span aria-label={t("to")}>→</span>
              </>
            ) : (
              <span className="muted">{t("issuedAs")}</span>
            )}
            <StatusBadge status={entry.to_status} />
          </div>
          <p className="timeline-reason">{entry.reason}</p>
          <div className="timeline-meta muted">
            <time dateTime={entry.changed_at}>{f.dateTime(entry.changed_at)}</time> ·{" "}
            {t.rich("by", {
              actor: () => (
                <ActorName label={entry.changed_by} name={entry.changed_by_name} email={entry.changed_by_email} />
              ),
            })}
            {/* A move found later than it happened (a catch-up run, an import) says the day it took effect. */}
            {entry.effective_date !== entry.changed_at.slice(0, 10) ? (
              <> · {t("effective", { date: f.date(entry.effective_date) })}</>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
