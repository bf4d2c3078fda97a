"use client";

import { useEffect, useState } from "react";
import type { z } from "zod";
import { apiFetch, ApiError, messageOf } from "@/components/ui/api-client";
import type { PortalResponse } from "@/lib/emission/schemas";

export type Portal = z.infer<typeof PortalResponse>;

type PortalState = { portal: Portal | null; hasNoClient: boolean; error: string | null; isLoading: boolean };

/**
 * GET /portal/me. A 404 is not a failure here but a person whose e-mail no client record has yet
 * (signed up before the seller registered them, or with another address): the page explains that.
 */
export function usePortal(): PortalState {
  const [state, setState] = useState<PortalState>({ portal: null, hasNoClient: false, error: null, isLoading: true });
  useEffect(() => {
    let isCurrent = true;
    apiFetch<Portal>("/api/v1/portal/me").then(
      (portal) => isCurrent && setState({ portal, hasNoClient: false, error: null, isLoading: false }),
      (error: unknown) => {
        if (!isCurrent) return;
        const hasNoClient = error instanceof ApiError && error.status === 404;
        setState({ portal: null, hasNoClient, error: hasNoClient ? null : messageOf(error), isLoading: false });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return state;
}
