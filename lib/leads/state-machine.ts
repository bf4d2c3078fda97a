import { LEAD_STAGES, type LeadStage } from "@/db/enums";
import { ConflictError } from "@/lib/errors";

// The lead pipeline, pure so that the pipeline board offers exactly the moves the service allows. The
// stages are the database's (db/schema/leads.ts).
export { LEAD_STAGES, type LeadStage };

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

/** The check every stage move passes (updateLead): 409 naming both stages for a move not in the table. */
export function assertLeadMove(from: LeadStage, to: LeadStage): void {
  if (!canMoveLead(from, to)) throw new ConflictError(`a lead cannot move from ${from} to ${to}`);
}

/** Reaching these stages sends the lead to the CRM. */
export const CRM_SYNC_STAGES: readonly LeadStage[] = ["QUALIFIED", "CONVERTED"];
