"use client";

import { useEffect, useState } from "react";
import type { z } from "zod";
import { apiFetch, ApiError, messageOf } from "@/components/ui/api-client";
import type { PortalResponse } from "@/lib/emission/schemas";

export type Portal = z.infer<typeof PortalResponse>;

type PortalState = {
  portal: Portal | null;
  hasNoClient: boolean;
  isNotVerified: boolean;
  error: string | null;
  isLoading: boolean;
};

/**
 * GET /portal/me. A 404 is not a failure here but a person whose e-mail no client record has yet
 * (signed up before the seller registered them, or with another address): the page explains that. A 403
 * `email_not_verified` is a client whose address is not proved yet (trust.md section 1).
 */
export function usePortal(): PortalState {
  const [state, setState] = useState<PortalState>({
    portal: null,
    hasNoClient: false,
    isNotVerified: false,
    error: null,
    isLoading: true,
  });
  useEffect(() => {
    let isCurrent = true;
    apiFetch<Portal>("/api/v1/portal/me").then(
      (portal) =>
        isCurrent && setState({ portal, hasNoClient: false, isNotVerified: false, error: null, isLoading: false }),
      (error: unknown) => {
        if (!isCurrent) return;
        const hasNoClient = error instanceof ApiError && error.status === 404;
        const isNotVerified = error instanceof ApiError && error.code === "email_not_verified";
        setState({
          portal: null,
          hasNoClient,
          isNotVerified,
          error: hasNoClient || isNotVerified ? null : messageOf(error),
          isLoading: false,
        });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}
