import type { KinshipType } from "@/db/enums";

// What a person reads for the API's enumerations, pure so that forms in the browser use it too.

/** "PENDING_PAYMENT" -> "pending payment": what a person reads, for a status of any of the API's enumerations. */
export function statusLabel(status: string): string {
  return status.replaceAll("_", " ").toLowerCase();
}

export const KINSHIP_LABELS: Record<KinshipType, string> = {
  SELF: "The client",
  SPOUSE: "Spouse",
  CHILD: "Child",
  PARENT: "Parent",
  OTHER: "Other",
};
