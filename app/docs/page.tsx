import { ApiReference } from "@/components/docs/api-reference";

export const metadata = { title: "API reference · Funeral Cover Admin" };

// GET /api/v1/openapi.json rendered by Scalar's reference UI (components/docs/api-reference.tsx), which
// adds search, request samples in several languages and try-it to what the document says. Its scripts
// are bundled with the app and served from this origin, under the pages' CSP (docs/api-reference.md).
export default function DocsPage() {
  return <ApiReference />;
}
