import type { z } from "zod";
import type { PolicyDetailResponse, PolicyListItem, PolicyResponse, PortalPolicy } from "@/lib/emission/schemas";

// The API's answers, typed from the same schemas that document them.
export type Policy = PolicyResponse;
export type PolicyRow = z.infer<typeof PolicyListItem>;
export type PolicyDetail = z.infer<typeof PolicyDetailResponse>;
export type Beneficiary = PolicyDetail["beneficiaries"][number];
export type HistoryEntry = PolicyDetail["status_history"][number];
export type OwnPolicy = z.infer<typeof PortalPolicy>;
