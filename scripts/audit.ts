// `npm audit` of the runtime dependencies, for .ci/run: fails on any high or critical advisory. Where the
// registry's advisory endpoint cannot be reached (the registry reachable from the build machine answers
// 405 to its POST), it says so and passes, so the check holds wherever the endpoint answers.
import { spawnSync } from "node:child_process";
import { pathToFileURL } from "node:url";

export type AuditDecision = { outcome: "pass" | "fail" | "unchecked"; message: string };

type Report = {
  auditReportVersion?: number;
  vulnerabilities?: Record<string, { name?: string; severity?: string; range?: string; via?: unknown[] }>;
  metadata?: { vulnerabilities?: Record<string, number> };
  message?: string;
  statusCode?: number;
  uri?: string;
  error?: { code?: string; summary?: string; detail?: string };
};

const BLOCKING = new Set(["high", "critical"]);
const NETWORK_ERRORS = new Set([
  "ENOTFOUND",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ECONNABORTED",
]);

export const UNREACHABLE = "advisory service unreachable from this machine: not checked";

/**
 * What `npm audit --json` printed means for the build. A report fails when it lists a high or critical
 * advisory. The endpoint failing (an HTTP error from the advisory URL, a network error) leaves the
 * dependencies unchecked. Anything else that is not a report fails: a check that cannot tell must not pass.
 */
export function decideAudit(stdout: string): AuditDecision {
  let report: Report;
  try {
    report = JSON.parse(stdout) as Report;
  } catch {
    return { outcome: "fail", message: `npm audit printed no JSON report:\n${stdout.slice(0, 500)}` };
  }
  const counts = report.metadata?.vulnerabilities;
  if (report.vulnerabilities && counts) {
    const blocking = Object.entries(report.vulnerabilities)
      .filter(([, entry]) => BLOCKING.has(entry.severity ?? ""))
      .map(([name, entry]) =>
        `${entry.severity} ${name} ${entry.range ?? ""}: ${titlesOf(entry.via).join("; ") || "via a dependency"}`.trim(),
      );
    const summary = ["critical", "high", "moderate", "low", "info"]
      .map((level) => `${counts[level] ?? 0} ${level}`)
      .join(", ");
    if (blocking.length > 0 || (counts.high ?? 0) > 0 || (counts.critical ?? 0) > 0) {
      return {
        outcome: "fail",
        message: `runtime dependencies have high or critical advisories (${summary}):\n${blocking.map((line) => `  ${line}`).join("\n")}`,
      };
    }
    return { outcome: "pass", message: `no high or critical advisory in the runtime dependencies (${summary})` };
  }
  const fromEndpoint =
    typeof report.statusCode === "number" && /\/-\/npm\/v1\/security\//.test(report.uri ?? report.message ?? "");
  const network =
    NETWORK_ERRORS.has(report.error?.code ?? "") ||
    /audit endpoint returned an error|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN/.test(report.message ?? "");
  if (fromEndpoint || network) {
    const why = report.message ?? report.error?.summary ?? report.error?.code ?? "no answer";
    return { outcome: "unchecked", message: `${UNREACHABLE} (${why})` };
  }
  return { outcome: "fail", message: `npm audit answered something that is not a report:\n${stdout.slice(0, 500)}` };
}

function titlesOf(via: unknown[] | undefined): string[] {
  return (via ?? [])
    .map((item) =>
      typeof item === "string" ? `via ${item}` : ((item as { title?: string; url?: string }).title ?? ""),
    )
    .filter(Boolean);
}

function main(): void {
  const run = spawnSync("npm", ["audit", "--omit=dev", "--audit-level=high", "--json"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) {
    console.error(`[audit] could not run npm audit: ${run.error.message}`);
    process.exit(1);
  }
  const decision = decideAudit(run.stdout);
  if (decision.outcome === "unchecked") console.warn(`[audit] WARNING: ${decision.message}`);
  else if (decision.outcome === "fail") console.error(`[audit] FAILED: ${decision.message}`);
  else console.log(`[audit] ${decision.message}`);
  process.exit(decision.outcome === "fail" ? 1 : 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
