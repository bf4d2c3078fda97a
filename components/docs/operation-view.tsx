import { InlineText } from "./inline-text";
import { SchemaView, typeLabel } from "./schema-view";
import type { MediaContent, OperationEntry } from "./types";

function accessLabel(access: string | undefined, permissions: readonly string[] | undefined): string {
  if (access === "public") return "public";
  if (access === "authenticated") return "any authenticated caller";
  return permissions && permissions.length > 0 ? permissions.join(" or ") : (access ?? "unknown");
}

function Content({ content }: { content: MediaContent | undefined }) {
  if (!content) return null;
  return (
    <>
      {Object.entries(content).map(([type, media]) => (
        <div key={type} className="media">
          <div className="muted">{type}</div>
          <SchemaView schema={media.schema} />
        </div>
      ))}
    </>
  );
}

/** One endpoint, folded to its method, path and summary until opened. */
export function OperationView({ entry }: { entry: OperationEntry }) {
  const { method, path, operation } = entry;
  const parameters = operation.parameters ?? [];
  const anchor = operation.operationId ?? `${method}-${path}`;
  return (
    <details className="operation" id={anchor}>
      <summary>
        <span className={`method method-${method}`}>{method.toUpperCase()}</span>
        <code className="operation-path">{path}</code>
        <span className="operation-summary">{operation.summary}</span>
      </summary>
      <div className="operation-body">
        <p>
          <strong>Access:</strong> {accessLabel(operation["x-access"], operation["x-permissions"])}
        </p>
        {operation.description ? <InlineText text={operation.description} /> : null}

        {parameters.length > 0 ? (
          <>
            <h4>Parameters</h4>
            <div className="table-scroll">
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">In</th>
                    <th scope="col">Type</th>
                    <th scope="col">Required</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {parameters.map((parameter) => (
                    <tr key={`${parameter.in}-${parameter.name}`}>
                      <td>
                        <code>{parameter.name}</code>
                      </td>
                      <td>{parameter.in}</td>
                      <td>{typeLabel(parameter.schema)}</td>
                      <td>{parameter.required ? "yes" : "no"}</td>
                      <td>
                        {[
                          parameter.description,
                          parameter.schema?.default !== undefined
                            ? `default ${JSON.stringify(parameter.schema.default)}`
                            : null,
                        ]
                          .filter(Boolean)
                          .join(" · ") || "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}

        {operation.requestBody ? (
          <>
            <h4>Request body{operation.requestBody.required ? " (required)" : ""}</h4>
            {operation.requestBody.description ? <p>{operation.requestBody.description}</p> : null}
            <Content content={operation.requestBody.content} />
          </>
        ) : null}

        <h4>Responses</h4>
        <ul className="responses">
          {Object.entries(operation.responses).map(([status, response]) => (
            <li key={status}>
              <span className={`status status-${status[0]}xx`}>{status}</span> {response.description}
              {response.content && !(Number(status) >= 400) ? (
                <details className="response-schema">
                  <summary>Schema</summary>
                  <Content content={response.content} />
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
