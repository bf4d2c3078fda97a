// The headers every response carries: pages, static files, error pages and the API alike. next.config.ts
// sets them on what Next.js serves (`npm run dev`, `next start`, and everything but /api/v1 under
// `npm start`), and proxy.ts replaces the CSP of pages with one carrying the request's nonce; the
// production server (server.ts, through node-handler.ts) sets them on the /api/v1 answers it serves
// itself, which never pass through proxy.ts.

type Header = { key: string; value: string };

// HSTS is sent on every response, whatever the scheme. Browsers ignore it on a plain-http response
// (RFC 6797 section 8.1), so it does nothing to `http://localhost` development, while a deployment behind
// a TLS-terminating proxy gets it even when the proxy forwards no X-Forwarded-Proto. Two years with
// subdomains is what hstspreload.org asks for; `preload` is left out because it cannot be undone quickly.
export const HSTS = "max-age=63072000; includeSubDomains";

/** The headers of every response, whatever it is. */
export const SECURITY_HEADERS: ReadonlyArray<Header> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  // frame-ancestors 'none' in the CSP says the same to current browsers; this is for older ones.
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  { key: "Strict-Transport-Security", value: HSTS },
];

// Stripe.js (card entry on the payments pages) loads from js.stripe.com, draws the card field in frames
// from there, and talks to api.stripe.com.
const STRIPE_JS = "https://js.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/**
 * The Content-Security-Policy of pages (with the request's nonce: proxy.ts), and of static files and
 * everything else Next.js serves (without: next.config.ts). Scripts run only from this origin and
 * Stripe.js, and inline only when they carry the nonce (Next.js puts it on its bootstrap scripts); never
 * 'unsafe-inline', not even as the fallback older browsers would take beside a nonce. Development
 * (`next dev`) adds 'unsafe-eval', which React's development build needs. Styles stay inline-capable:
 * React and Stripe.js set style attributes.
 */
export function pageCsp(nonce?: string): string {
  const scripts = [
    "'self'",
    ...(nonce ? [`'nonce-${nonce}'`] : []),
    ...(process.env.NODE_ENV === "development" ? ["'unsafe-eval'"] : []),
    STRIPE_JS,
  ];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${STRIPE_API}`,
    `frame-src ${STRIPE_JS}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/** The page policy without a nonce: what Next.js sends with everything proxy.ts does not give a nonce. */
export const PAGE_CSP = pageCsp();

/**
 * The Content-Security-Policy of /api/v1 answers: JSON, PDFs and files that a browser may open but
 * that never need to run, load or frame anything.
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** What Next.js sets (next.config.ts): every header, with the page CSP. */
export const PAGE_HEADERS: ReadonlyArray<Header> = [
  ...SECURITY_HEADERS,
  { key: "Content-Security-Policy", value: PAGE_CSP },
];

/** What /api/v1 answers carry, under either server: every header, with the API CSP. */
export const API_HEADERS: ReadonlyArray<Header> = [
  ...SECURITY_HEADERS,
  { key: "Content-Security-Policy", value: API_CSP },
];
