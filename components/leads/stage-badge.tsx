import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/panel";
import type { LeadStage } from "@/lib/leads/state-machine";

// Blue while the seller still works the lead, green once converted, red when disqualified.
const TONES: Record<LeadStage, "neutral" | "accent" | "ok" | "danger"> = {
  NEW: "neutral",
  CONTACTED: "accent",
  QUALIFIED: "accent",
  DISQUALIFIED: "danger",
  CONVERTED: "ok",
};

export function LeadStageBadge({ stage }: { stage: LeadStage }) {
  const tc = useTranslations("codes");
  return <Badge tone={TONES[stage]}>{tc(`leadStage.${stage}`)}</Badge>;
}
