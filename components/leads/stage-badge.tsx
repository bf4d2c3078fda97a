import { Badge } from "@/components/ui/panel";
import type { LeadStage } from "@/lib/leads/state-machine";
import { stageLabel } from "./types";

// Blue while the seller still works the lead, green once converted, red when disqualified.
const TONES: Record<LeadStage, "neutral" | "accent" | "ok" | "danger"> = {
  NEW: "neutral",
  CONTACTED: "accent",
  QUALIFIED: "accent",
  DISQUALIFIED: "danger",
  CONVERTED: "ok",
};

export function LeadStageBadge({ stage }: { stage: LeadStage }) {
  return <Badge tone={TONES[stage]}>{stageLabel(stage)}</Badge>;
}
