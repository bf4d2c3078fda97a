import { expect, test, type Page } from "@playwright/test";

// Trust section 6: page scripts run under a CSP with a per-request nonce and no 'unsafe-inline'. Every
// back-office page must still load and start its scripts in Chromium without one CSP violation.

/** Records every CSP violation the page reports, from the first script on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("every back-office page loads and runs its scripts without a CSP violation", async ({ page, request }) => {
  test.setTimeout(180_000);
  // The administrator's session cookie (the project's storage state) reads the API too.
  const list = async (path: string) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const body = (await response.json()) as { items?: Array<{ id: string }> } | Array<{ id: string }>;
    return Array.isArray(body) ? body : (body.items ?? []);
  };
  const [policy] = await list("/api/v1/emission/policies");
  const [lead] = await list("/api/v1/leads/");
  const [claim] = await list("/api/v1/claims/");
  const paths = [
    "/dashboard",
    "/users",
    "/audit",
    "/companies",
    "/geography",
    "/catalog",
    "/quote",
    "/clients",
    "/policies",
    "/policies/new",
    "/policies/bulk",
    `/policies/${policy.id}`,
    "/portal",
    "/claims",
    `/claims/${claim.id}`,
    "/payments",
    "/payments/reseller",
    "/leads",
    `/leads/${lead.id}`,
    "/leads/analytics",
    "/knowledge",
    "/chat",
    "/docs",
    "/verify/not-a-token",
    "/no-such-page",
  ];
  const violations = await watchViolations(page);
  // The version editor and "new version": through the catalog's links.
  await page.goto("/catalog");
  const version = await page.locator('a[href^="/catalog/versions/"]').first().getAttribute("href");
  paths.push(version!, `${version}/new`);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBeLessThan(500);
    expect(scriptSourcesOf(response?.headers()["content-security-policy"]), path).not.toContain("'unsafe-inline'");
    // Next.js's client started: its bootstrap ran under the policy.
    await page.waitForFunction(
      () => Boolean((window as unknown as { next?: { version?: string } }).next?.version),
      undefined,
      { timeout: 30_000 },
    );
    expect(violations, path).toEqual([]);
  }
});

test("a page's scripts work: the client-side filter of the countries table answers typing", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/geography");
  await page.getByLabel("Name", { exact: true }).fill("zealand");
  await expect(
    page.getByRole("table", { name: "Countries" }).getByRole("row").filter({ hasText: "New Zealand" }),
  ).toHaveCount(1);
  await expect(
    page.getByRole("table", { name: "Countries" }).getByRole("row").filter({ hasText: "Switzerland" }),
  ).toHaveCount(0);
  expect(violations).toEqual([]);
});

function scriptSourcesOf(policy: string | undefined): string[] {
  return (
    (policy ?? "")
      .split("; ")
      .find((directive) => directive.startsWith("script-src "))
      ?.split(" ")
      .slice(1) ?? []
  );
}
