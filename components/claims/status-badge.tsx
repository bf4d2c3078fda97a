import { Badge } from "@/components/ui/panel";
import type { ClaimStatus } from "@/lib/claims/state-machine";
import { statusLabel } from "@/lib/emission/labels";

// Amber while the desk still has work to do, green once approved, red when refused, grey when done.
const TONES: Record<ClaimStatus, "neutral" | "accent" | "ok" | "danger"> = {
  PENDING: "accent",
  IN_REVIEW: "accent",
  APPROVED: "ok",
  REJECTED: "danger",
  CLOSED: "neutral",
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return <Badge tone={TONES[status]}>{statusLabel(status)}</Badge>;
}

/** The waiting period is the desk's call (the service accepts the claim either way), so it stands out. */
export function WaitingPeriodBadge({ isMet }: { isMet: boolean }) {
  return isMet ? <Badge tone="ok">waiting period met</Badge> : <Badge tone="danger">within waiting period</Badge>;
}
