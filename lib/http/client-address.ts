import type { ApiRequest } from "./node-request";

/**
 * The caller's address, as seen by the outermost proxy we trust. Next.js does not expose the socket
 * address to route handlers and fills X-Forwarded-For only when the client sent none, so the header is
 * the client's own words unless our proxies append to it. With TRUSTED_PROXY_HOPS=N (N proxies in
 * front of the service, each appending), the N-th entry from the right is the address the first of
 * them saw. With no trusted proxy the address is unknown (null): per-address limits then share one
 * bucket, which fails safe instead of letting a forged header pick a fresh one.
 */
export function addressFromForwardedFor(forwardedFor: string | null | undefined): string | null {
  const hops = Number(process.env.TRUSTED_PROXY_HOPS ?? "0");
  if (!Number.isInteger(hops) || hops < 1) return null;
  const chain = (forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  return chain.at(-hops)?.slice(0, 100) ?? null;
}

export function clientAddress(req: ApiRequest): string | null {
  return addressFromForwardedFor(req.headers.get("x-forwarded-for"));
}
