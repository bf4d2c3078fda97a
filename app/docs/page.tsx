import Link from "next/link";
import { InlineText } from "@/components/docs/inline-text";
import { OperationView } from "@/components/docs/operation-view";
import { SchemaView } from "@/components/docs/schema-view";
import type { ApiDocument, OperationEntry } from "@/components/docs/types";
import { buildOpenApiDocument } from "@/lib/http/openapi";

export const metadata = { title: "API reference · Funeral Cover Admin" };

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** Operations grouped by their first tag, in the order the document lists the tags first. */
function groupByTag(document: ApiDocument): Map<string, OperationEntry[]> {
  const groups = new Map<string, OperationEntry[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, operation }]);
    }
  }
  for (const entries of groups.values()) {
    entries.sort(
      (a, b) => a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
    );
  }
  return groups;
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

// The same document as GET /api/v1/openapi.json, rendered on the server: no script or stylesheet from a
// CDN (the pages' CSP allows only this origin), and readable with JavaScript off.
export default function DocsPage() {
  const document = buildOpenApiDocument() as unknown as ApiDocument;
  const groups = groupByTag(document);
  const schemes = Object.entries(document.components?.securitySchemes ?? {});
  const errorSchema = document.components?.schemas?.Error;

  return (
    <div className="docs">
      <header className="docs-header">
        <div>
          <h1>{document.info.title}</h1>
          <p className="muted">
            Version {document.info.version} · <a href="/api/v1/openapi.json">openapi.json</a> ·{" "}
            <Link href="/dashboard">Back office</Link>
          </p>
        </div>
      </header>
      <div className="docs-layout">
        <nav className="docs-toc" aria-label="Sections">
          <ul>
            <li>
              <a href="#overview">Overview</a>
            </li>
            {[...groups.entries()].map(([tag, entries]) => (
              <li key={tag}>
                <a href={`#tag-${slug(tag)}`}>
                  {tag} <span className="muted">({entries.length})</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main className="docs-main">
          <section id="overview" className="panel">
            <h2>Overview</h2>
            {document.info.description ? <InlineText text={document.info.description} /> : null}
            <h3>Authentication</h3>
            <ul>
              {schemes.map(([name, scheme]) => (
                <li key={name}>
                  <strong>{name}</strong>
                  {scheme.in && scheme.name ? (
                    <>
                      {" "}
                      (<code>{scheme.name}</code> {scheme.in})
                    </>
                  ) : scheme.scheme ? (
                    <> ({scheme.scheme})</>
                  ) : null}
                  {scheme.description ? `: ${scheme.description}` : null}
                </li>
              ))}
            </ul>
            {errorSchema ? (
              <>
                <h3>Errors</h3>
                <SchemaView schema={errorSchema} />
              </>
            ) : null}
          </section>
          {[...groups.entries()].map(([tag, entries]) => (
            <section key={tag} id={`tag-${slug(tag)}`} className="panel">
              <h2>{tag}</h2>
              {entries.map((entry) => (
                <OperationView key={`${entry.method} ${entry.path}`} entry={entry} />
              ))}
            </section>
          ))}
        </main>
      </div>
    </div>
  );
}
