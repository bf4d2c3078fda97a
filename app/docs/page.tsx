import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ApiReference } from "@/components/docs/api-reference";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tApp] = await Promise.all([getTranslations("docs"), getTranslations("app")]);
  return { title: t("metaTitle", { app: tApp("name") }) };
}

// GET /api/v1/openapi.json rendered by Scalar's reference UI (components/docs/api-reference.tsx), which
// adds search, request samples in several languages and try-it to what the document says. Its scripts
// are bundled with the app and served from this origin, under the pages' CSP (docs/api-reference.md).
// The reference itself stays in English, as the API does (localisation.md section 3).
export default function DocsPage() {
  return <ApiReference />;
}
