"use client";

import { useCallback, useEffect, useState } from "react";
import type { z } from "zod";
import { apiFetch, ApiError, useApiMessage } from "@/components/ui/api-client";
import type { PortalResponse } from "@/lib/emission/schemas";

export type Portal = z.infer<typeof PortalResponse>;

type PortalState = {
  portal: Portal | null;
  hasNoClient: boolean;
  isNotVerified: boolean;
  error: string | null;
  isLoading: boolean;
  /** Reads the portal again, after a change made on it (a payment, a cancellation). */
  reload: () => void;
};

/** What the request left: the failure itself, worded in the page's language when shown. */
type LoadState = Omit<PortalState, "error" | "reload"> & { failure: unknown };

/**
 * GET /portal/me. A 404 is not a failure here but a person whose e-mail no client record has yet
 * (signed up before the seller registered them, or with another address): the page explains that. A 403
 * `email_not_verified` is a client whose address is not proved yet (trust.md section 1).
 */
export function usePortal(): PortalState {
  const messageOf = useApiMessage();
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const [state, setState] = useState<LoadState>({
    portal: null,
    hasNoClient: false,
    isNotVerified: false,
    failure: null,
    isLoading: true,
  });
  useEffect(() => {
    let isCurrent = true;
    apiFetch<Portal>("/api/v1/portal/me").then(
      (portal) =>
        isCurrent && setState({ portal, hasNoClient: false, isNotVerified: false, failure: null, isLoading: false }),
      (error: unknown) => {
        if (!isCurrent) return;
        const hasNoClient = error instanceof ApiError && error.status === 404;
        const isNotVerified = error instanceof ApiError && error.code === "email_not_verified";
        setState({
          portal: null,
          hasNoClient,
          isNotVerified,
          failure: hasNoClient || isNotVerified ? null : error,
          isLoading: false,
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [version]);
  const { failure, ...rest } = state;
  return { ...rest, error: failure ? messageOf(failure) : null, reload };
}
