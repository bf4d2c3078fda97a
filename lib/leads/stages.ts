// The lead pipeline, pure so that the pipeline board offers exactly the moves the service allows.

export const LEAD_STAGES = ["NEW", "CONTACTED", "QUALIFIED", "DISQUALIFIED", "CONVERTED"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

// Contract section 9. CONVERTED is final; any move not listed is refused with 409.
export const LEAD_MOVES: Readonly<Record<LeadStage, readonly LeadStage[]>> = {
  NEW: ["CONTACTED", "QUALIFIED", "DISQUALIFIED"],
  CONTACTED: ["QUALIFIED", "DISQUALIFIED"],
  QUALIFIED: ["CONVERTED", "DISQUALIFIED"],
  DISQUALIFIED: ["CONTACTED"],
  CONVERTED: [],
};

export function canMoveLead(from: LeadStage, to: LeadStage): boolean {
  return LEAD_MOVES[from].includes(to);
}

/** Reaching these stages sends the lead to the CRM. */
export const CRM_SYNC_STAGES: readonly LeadStage[] = ["QUALIFIED", "CONVERTED"];
