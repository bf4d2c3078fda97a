// CSRF defence of the API. A browser attaches the back office's session cookie to any request to us, even
// one a foreign page makes (a form post, a fetch with credentials), so a state change authenticated by
// that cookie must prove it comes from our own pages. Bearer tokens and API keys are not ambient
// credentials (a browser never adds them by itself), so their callers are not asked.

/** The origins the service answers at: PUBLIC_BASE_URL, NEXTAUTH_URL, and the one this request was sent to. */
function ownOrigins(req: Request): Set<string> {
  const origins = new Set<string>();
  for (const configured of [process.env.PUBLIC_BASE_URL, process.env.NEXTAUTH_URL]) {
    const origin = originOf(configured);
    if (origin) origins.add(origin);
  }
  // The address the browser used: what a proxy forwarded (X-Forwarded-*; the production server and
  // Next.js fill these in from the socket when no proxy did), else the request's own URL. A foreign page
  // cannot set these headers on a browser's request, so trusting them here costs nothing.
  const url = new URL(req.url);
  const host = firstOf(req.headers.get("x-forwarded-host")) ?? req.headers.get("host") ?? url.host;
  const proto = firstOf(req.headers.get("x-forwarded-proto")) ?? url.protocol.slice(0, -1);
  const origin = originOf(`${proto}://${host}`);
  if (origin) origins.add(origin);
  return origins;
}

function firstOf(list: string | null): string | null {
  const first = list?.split(",")[0]?.trim();
  return first ? first : null;
}

function originOf(address: string | undefined): string | null {
  if (!address) return null;
  try {
    const { origin } = new URL(address);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request comes from our own pages. Sec-Fetch-Site, when the browser sends it, decides: only
 * "same-origin" passes (a same-site page on another subdomain is still another origin). Otherwise the
 * Origin header must be one of ours, scheme, host and port alike. A request with neither header, or
 * with `Origin: null` (sandboxed frames, some redirects), does not pass.
 */
export function isSameOriginRequest(req: Request): boolean {
  const site = req.headers.get("sec-fetch-site");
  if (site !== null) return site === "same-origin";
  const origin = originOf(req.headers.get("origin") ?? undefined);
  return origin !== null && ownOrigins(req).has(origin);
}
