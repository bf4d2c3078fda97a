import { ClaimStatusBadge } from "./status-badge";
import type { ClaimHistoryEntry } from "./types";

/** Who made a move: the signed-in person, another user (by id), or background work. */
function describeActor(changedBy: string, currentUserId: string): string {
  if (changedBy === currentUserId) return "you";
  if (changedBy.startsWith("system:")) return `the system (${changedBy.slice("system:".length)})`;
  return `user ${changedBy}`;
}

/** Every status move of the claim, oldest first, with who made it and why. */
export function ClaimTimeline({ entries, currentUserId }: { entries: ClaimHistoryEntry[]; currentUserId: string }) {
  const ordered = [...entries].sort((a, b) => a.changed_at.localeCompare(b.changed_at));
  return (
    <ol className="claim-timeline" aria-label="Claim timeline">
      {ordered.map((entry, index) => (
        <li key={`${entry.changed_at}-${index}`}>
          <div className="claim-timeline-move">
            {entry.from_status ? (
              <>
                <ClaimStatusBadge status={entry.from_status} /> <span aria-label="to">→</span>
              </>
            ) : (
              <span className="muted">opened as</span>
            )}
            <ClaimStatusBadge status={entry.to_status} />
          </div>
          <p className="claim-timeline-reason">{entry.reason}</p>
          <div className="claim-timeline-meta muted">
            <time dateTime={entry.changed_at}>{new Date(entry.changed_at).toLocaleString()}</time> · by{" "}
            {describeActor(entry.changed_by, currentUserId)}
          </div>
        </li>
      ))}
    </ol>
  );
}
