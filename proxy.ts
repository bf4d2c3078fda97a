import { NextResponse, type NextRequest } from "next/server";
import { pageCsp } from "@/lib/http/security-headers";
import { PATHNAME_HEADER } from "@/lib/i18n/locales";

// Next.js's proxy (formerly middleware): every page gets a Content-Security-Policy with a nonce of its
// own request. Next.js reads the nonce from the request's CSP header and puts it on the inline scripts
// it renders, so no inline script without it runs (lib/http/security-headers.ts). Pages are rendered
// per request (app/layout.tsx), as a nonce needs.
//
// Not for /api (JSON and files: the API's own CSP, or next.config.ts's), nor for static files. Under
// `npm start` /api/v1 does not even reach Next.js (server.ts); the matcher keeps `next dev` the same.
export function proxy(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const policy = pageCsp(nonce);
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  // The page's path, for the language (lib/i18n/request.ts): pages without sign-in follow the visitor.
  headers.set(PATHNAME_HEADER, request.nextUrl.pathname);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  matcher: ["/((?!api/|_next/static/|_next/image|favicon\\.ico).*)"],
};
