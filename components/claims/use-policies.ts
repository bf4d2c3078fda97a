"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/components/ui/api-client";
import type { PolicyDetail } from "./types";

/**
 * The policies a page of claims names, loaded once each (GET /emission/policies/{id}): claims carry ids,
 * and the desk shows policy numbers and people's names. null: the policy could not be read.
 */
export function usePolicies(policyIds: string[]): Record<string, PolicyDetail | null> {
  const [policies, setPolicies] = useState<Record<string, PolicyDetail | null>>({});
  const requested = useRef(new Set<string>());
  const key = [...new Set(policyIds)].sort().join(",");

  useEffect(() => {
    const missing = key ? key.split(",").filter((id) => !requested.current.has(id)) : [];
    if (missing.length === 0) return;
    for (const id of missing) requested.current.add(id);
    void Promise.all(
      missing.map((id) =>
        apiFetch<PolicyDetail>(`/api/v1/emission/policies/${id}`).then(
          (policy) => [id, policy] as const,
          () => [id, null] as const,
        ),
      ),
    ).then((entries) => setPolicies((current) => ({ ...current, ...Object.fromEntries(entries) })));
  }, [key]);

  return policies;
}
