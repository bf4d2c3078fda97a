import { describe, expect, it } from "vitest";
import { decideAudit, UNREACHABLE } from "../audit";

// Reports as `npm audit --omit=dev --json` (npm 7 and later) prints them.
function report(vulnerabilities: Record<string, { severity: string; title: string; range: string }>) {
  const counts = { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 };
  const entries = Object.fromEntries(
    Object.entries(vulnerabilities).map(([name, { severity, title, range }]) => {
      counts[severity as keyof typeof counts]++;
      counts.total++;
      return [
        name,
        {
          name,
          severity,
          isDirect: true,
          via: [
            {
              source: 1,
              name,
              dependency: name,
              title,
              url: "https://github.com/advisories/GHSA-xxxx",
              severity,
              range,
            },
          ],
          effects: [],
          range,
          nodes: [`node_modules/${name}`],
          fixAvailable: true,
        },
      ];
    }),
  );
  return JSON.stringify({
    auditReportVersion: 2,
    vulnerabilities: entries,
    metadata: {
      vulnerabilities: counts,
      dependencies: { prod: 500, dev: 0, optional: 10, peer: 0, peerOptional: 0, total: 510 },
    },
  });
}

describe("decideAudit", () => {
  it("fails on a high advisory, naming the package and the advisory", () => {
    const decision = decideAudit(
      report({
        "node-forge": { severity: "high", title: "ASN.1 unbounded recursion", range: "<1.3.2" },
        fflate: { severity: "low", title: "x", range: "<0.1" },
      }),
    );
    expect(decision.outcome).toBe("fail");
    expect(decision.message).toContain("high node-forge <1.3.2: ASN.1 unbounded recursion");
    expect(decision.message).not.toContain("fflate");
  });

  it("fails on a critical advisory", () => {
    expect(
      decideAudit(report({ "next-auth": { severity: "critical", title: "homoglyph @ bypass", range: "<4.24.15" } }))
        .outcome,
    ).toBe("fail");
  });

  it("passes with moderate and low advisories only, and with none", () => {
    const moderate = decideAudit(
      report({
        "csv-parse": { severity: "moderate", title: "ReDoS", range: "<7.0.2" },
        uuid: { severity: "low", title: "y", range: "<14" },
      }),
    );
    expect(moderate.outcome).toBe("pass");
    expect(moderate.message).toContain("0 critical, 0 high, 1 moderate, 1 low");
    expect(decideAudit(report({})).outcome).toBe("pass");
  });

  it("warns and goes on when the advisory endpoint refuses (405 here) or cannot be reached", () => {
    const refused = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      method: "POST",
      uri: "https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
      statusCode: 405,
      body: "",
      error: { summary: "", detail: "" },
    });
    const decision = decideAudit(refused);
    expect(decision.outcome).toBe("unchecked");
    expect(decision.message).toContain(UNREACHABLE);
    const offline = JSON.stringify({
      message:
        "request to https://registry.npmjs.org/-/npm/v1/security/advisories/bulk failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org",
      error: { code: "ENOTFOUND", summary: "", detail: "" },
    });
    expect(decideAudit(offline).outcome).toBe("unchecked");
  });

  it("fails on anything it cannot read as a report or an endpoint failure", () => {
    expect(decideAudit("").outcome).toBe("fail");
    expect(decideAudit("npm ERR! something broke").outcome).toBe("fail");
    expect(decideAudit(JSON.stringify({ error: { code: "ELOCKVERIFY", summary: "lockfile is broken" } })).outcome).toBe(
      "fail",
    );
  });
});
