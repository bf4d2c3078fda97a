"use client";

import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiFetch, apiQueryKey, ApiError, useApiMessage } from "@/components/ui/api-client";
import type { PortalResponse } from "@/lib/emission/schemas";

export type Portal = z.infer<typeof PortalResponse>;

/** GET /portal/me, through the query cache: the page and the header's company name share one request. */
export const PORTAL_URL = "/api/v1/portal/me";

type PortalState = {
  portal: Portal | null;
  hasNoClient: boolean;
  isNotVerified: boolean;
  error: string | null;
  isLoading: boolean;
  /** Reads the portal again, after a change made on it (a payment, a cancellation). */
  reload: () => void;
};

/**
 * GET /portal/me. A 404 is not a failure here but a person whose e-mail no client record has yet
 * (signed up before the seller registered them, or with another address): the page explains that. A 403
 * `email_not_verified` is a client whose address is not proved yet (trust.md section 1).
 */
export function usePortal(): PortalState {
  const messageOf = useApiMessage();
  const query = useQuery<Portal>({
    queryKey: apiQueryKey(PORTAL_URL),
    queryFn: ({ signal }) => apiFetch<Portal>(PORTAL_URL, { signal }),
  });
  const failure = query.error;
  const hasNoClient = failure instanceof ApiError && failure.status === 404;
  const isNotVerified = failure instanceof ApiError && failure.code === "email_not_verified";
  const { refetch } = query;
  return {
    portal: query.data ?? null,
    hasNoClient,
    isNotVerified,
    error: failure && !hasNoClient && !isNotVerified ? messageOf(failure) : null,
    isLoading: query.isFetching,
    reload: () => void refetch(),
  };
}
