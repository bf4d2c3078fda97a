import { describe, expect, it } from "vitest";
import { canMoveLead, CRM_SYNC_STAGES, LEAD_MOVES, LEAD_STAGES } from "../state-machine";

// The pure table the pipeline board offers its buttons from, checked against the contract (section 9)
// written out here.

const CONTRACT: Record<string, string[]> = {
  NEW: ["CONTACTED", "QUALIFIED", "DISQUALIFIED"],
  CONTACTED: ["QUALIFIED", "DISQUALIFIED"],
  QUALIFIED: ["CONVERTED", "DISQUALIFIED"],
  DISQUALIFIED: ["CONTACTED"],
  CONVERTED: [],
};

describe("LEAD_MOVES", () => {
  it("has the five stages of the spec, in pipeline order", () => {
    expect(LEAD_STAGES).toEqual(["NEW", "CONTACTED", "QUALIFIED", "DISQUALIFIED", "CONVERTED"]);
  });

  it("offers exactly the contract's moves from each stage", () => {
    for (const stage of LEAD_STAGES) expect([...LEAD_MOVES[stage]].sort(), stage).toEqual([...CONTRACT[stage]].sort());
  });

  it("canMoveLead agrees with the contract for all 25 pairs (staying put is not a move)", () => {
    for (const from of LEAD_STAGES)
      for (const to of LEAD_STAGES) expect(canMoveLead(from, to), `${from} -> ${to}`).toBe(CONTRACT[from].includes(to));
  });

  it("QUALIFIED and CONVERTED are the stages that sync to the CRM", () => {
    expect([...CRM_SYNC_STAGES].sort()).toEqual(["CONVERTED", "QUALIFIED"]);
  });
});
