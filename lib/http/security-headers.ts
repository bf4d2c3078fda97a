// The headers every response carries, pages and API alike. next.config.ts sets them on what Next.js
// serves; the production server (server.ts) sets them on the /api/v1 answers it serves itself.
export const SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

// Stripe.js (card entry on the payments pages) loads from js.stripe.com, draws the card field in frames
// from there, and talks to api.stripe.com.
const STRIPE_JS = "https://js.stripe.com";
const STRIPE_API = "https://api.stripe.com";

/** The Content-Security-Policy of every page (not of the API), which next.config.ts sets. */
export const PAGE_CSP = [
  "default-src 'self'",
  // Next.js injects inline bootstrap scripts; dev mode also needs eval for fast refresh.
  `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""} ${STRIPE_JS}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  `connect-src 'self' ${STRIPE_API}`,
  `frame-src ${STRIPE_JS}`,
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join("; ");
