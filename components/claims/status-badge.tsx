import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import type { ClaimStatus } from "@/lib/claims/state-machine";

// Amber while the desk still has work to do, green once approved, red when refused, grey when done.
const TONES: Record<ClaimStatus, "neutral" | "accent" | "ok" | "danger"> = {
  PENDING: "accent",
  IN_REVIEW: "accent",
  APPROVED: "ok",
  REJECTED: "danger",
  CLOSED: "neutral",
};

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const tc = useTranslations("codes");
  return <Badge tone={TONES[status]}>{tc(`claimStatus.${status}`)}</Badge>;
}

/** The waiting period is the desk's call (the service accepts the claim either way), so it stands out. */
export function WaitingPeriodBadge({ isMet }: { isMet: boolean }) {
  const t = useTranslations("claims.waitingPeriod");
  return isMet ? <Badge tone="ok">{t("met")}</Badge> : <Badge tone="danger">{t("within")}</Badge>;
}

/** The eligibility's verdict on the date of death. */
export function CoverBadge({ isCovered }: { isCovered: boolean }) {
  const t = useTranslations("claims.eligibility");
  return isCovered ? <Badge tone="ok">{t("coveredShort")}</Badge> : <Badge tone="danger">{t("notCoveredShort")}</Badge>;
}
