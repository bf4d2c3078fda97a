"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import "@scalar/api-reference-react/style.css";

// Scalar's reference UI (a Vue application in a React wrapper), bundled with the page: nothing loads
// from a CDN or from scalar.com. It mounts in the browser only (it reads `window` as it loads), and
// reads the document from GET /api/v1/openapi.json, on this origin (connect-src 'self').
function Loading() {
  const t = useTranslations("docs");
  return <p className="muted">{t("loading")}</p>;
}

const ApiReferenceReact = dynamic(
  () => import("@scalar/api-reference-react").then((module) => module.ApiReferenceReact),
  {
    ssr: false,
    loading: () => <Loading />,
  },
);

const CONFIGURATION = {
  url: "/api/v1/openapi.json",
  // Fonts from fonts.scalar.com are off (font-src 'self' data:): the page's own fonts are used.
  withDefaultFonts: false,
  // No usage reports to Scalar, no developer toolbar, no hosted proxy for try-it: requests go straight
  // to this origin, which is where the API is.
  telemetry: false,
  // Scalar's "Ask AI" agent (on by itself when the page is served from localhost) talks to
  // proxy.scalar.com and api.scalar.com: off.
  agent: { disabled: true },
  showDeveloperTools: "never",
  hideDarkModeToggle: true,
  documentDownloadType: "json",
} as const;

/** The API reference of /docs: search, request samples and try-it, from the OpenAPI document. */
export function ApiReference() {
  return <ApiReferenceReact configuration={CONFIGURATION} />;
}
