import { StatusBadge } from "./status-badge";
import type { HistoryEntry } from "./types";

/** Who is behind a move: a user's id, or `system:<event>` for the card processor and background work. */
function describeActor(changedBy: string): string {
  return changedBy.startsWith("system:") ? `the system (${changedBy.slice("system:".length)})` : changedBy;
}

/** Every status move of the policy, oldest first, as the history table records it. */
export function HistoryTimeline({ entries }: { entries: HistoryEntry[] }) {
  // Moves made in one transaction share a timestamp (an issue paid at once): the issue itself goes first.
  const ordered = [...entries].sort(
    (a, b) =>
      a.changed_at.localeCompare(b.changed_at) || Number(a.from_status !== null) - Number(b.from_status !== null),
  );
  return (
    <ol className="timeline" aria-label="Status history">
      {ordered.map((entry, index) => (
        <li key={`${entry.changed_at}-${index}`}>
          <div className="timeline-move">
            {entry.from_status ? (
              <>
                <StatusBadge status={entry.from_status} /> <span aria-label="to">→</span>
              </>
            ) : (
              <span className="muted">issued as</span>
            )}
            <StatusBadge status={entry.to_status} />
          </div>
          <p className="timeline-reason">{entry.reason}</p>
          <div className="timeline-meta muted">
            <time dateTime={entry.changed_at}>{new Date(entry.changed_at).toLocaleString()}</time> · by{" "}
            {describeActor(entry.changed_by)}
          </div>
        </li>
      ))}
    </ol>
  );
}
