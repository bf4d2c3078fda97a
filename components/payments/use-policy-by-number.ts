"use client";

import { useDebouncedValue } from "@/components/clients/use-debounced-value";
import type { PolicyRow } from "@/components/policies/types";
import { useApiData, type Paginated } from "@/components/ui/api-client";

type PolicyByNumber =
  | { state: "none" }
  | { state: "pending" }
  | { state: "found"; id: string }
  | { state: "unknown"; number: string; error: string | null };

/**
 * The policy whose number is typed. GET /emission/policies?q= matches the start of numbers (and names),
 * so the exact one is picked from the matches.
 */
export function usePolicyByNumber(typed: string): PolicyByNumber {
  const number = useDebouncedValue(typed.trim().toUpperCase());
  const matches = useApiData<Paginated<PolicyRow>>(
    number ? `/api/v1/emission/policies?${new URLSearchParams({ q: number, page_size: "10" })}` : null,
  );
  if (!typed.trim()) return { state: "none" };
  if (number !== typed.trim().toUpperCase() || matches.isLoading) return { state: "pending" };
  const found = matches.data?.items.find((policy) => policy.policy_number.toUpperCase() === number);
  return found ? { state: "found", id: found.id } : { state: "unknown", number, error: matches.error };
}
