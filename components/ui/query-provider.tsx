"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { ApiError } from "./api-client";

/**
 * Whether a failed GET is tried again. An answer of the API (4xx or 5xx) is shown at once, as its
 * `{detail}` banner, never retried; only a request that got no answer at all (the network) is tried
 * once more before the page says the server could not be reached.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !(error instanceof ApiError) && failureCount < 1;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // A page loads its data when it mounts and when a change invalidates it, as it did before the
        // cache; focusing the window again does not send requests of its own.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The one query cache of the back office and the portal (the layout of app/(backoffice)). */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
