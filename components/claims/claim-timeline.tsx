import { useTranslations } from "next-intl";
import { ActorName } from "@/components/ui/actor-name";
import { useFormat } from "@/components/ui/use-format";
import { ClaimStatusBadge } from "./status-badge";
import type { ClaimHistoryEntry } from "./types";

/** Every status move of the claim, oldest first, with who made it and why. */
export function ClaimTimeline({ entries, currentUserId }: { entries: ClaimHistoryEntry[]; currentUserId: string }) {
  const t = useTranslations("claims.timeline");
  const f = useFormat();
  // Who made a move: the signed-in person, or another user, an API key or background work by name.
  const describeActor = (entry: ClaimHistoryEntry) =>
    entry.changed_by === currentUserId
      ? t("byYou")
      : t.rich("by", {
          actor: () => (
            <ActorName label={entry.changed_by} name={entry.changed_by_name} email={entry.changed_by_email} />
          ),
        });
  const ordered = [...entries].sort((a, b) => a.changed_at.localeCompare(b.changed_at));
  return (
    <ol className="claim-timeline" aria-label={t("label")}>
      {ordered.map((entry, index) => (
        <li key={`${entry.changed_at}-${index}`}>
          <div className="claim-timeline-move">
            {entry.from_status ? (
              <>
                <ClaimStatusBadge status={entry.from_status} /> <span aria-label={t("to")}>→</span>
              </>
            ) : (
              <span className="muted">{t("openedAs")}</span>
            )}
            <ClaimStatusBadge status={entry.to_status} />
          </div>
          <p className="claim-timeline-reason">{entry.reason}</p>
          <div className="claim-timeline-meta muted">
            <time dateTime={entry.changed_at}>{f.dateTime(entry.changed_at)}</time> · {describeActor(entry)}
          </div>
        </li>
      ))}
    </ol>
  );
}
