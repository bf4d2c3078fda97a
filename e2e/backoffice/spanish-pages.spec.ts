import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import en from "../../messages/en";
import es from "../../messages/es";
import { adminApi } from "../fixtures/claims";

// localisation.md section 2: every back-office page, rendered for a browser in Mexico, shows no text of
// the English catalog. A text is any text node, option, placeholder, aria-label, title or alt of the
// page; an English message counts when it differs from its Spanish one (a brand or a shared word does
// not) and the page shows it whole.

test.use({ locale: "es-MX", timezoneId: "America/Mexico_City" });

type Catalog = { [key: string]: string | Catalog };

function leaves(catalog: Catalog, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") found.set(name, value);
    else for (const [leaf, text] of leaves(value, name)) found.set(leaf, text);
  }
  return found;
}

const spanish = leaves(es as unknown as Catalog);
const spanishTexts = new Set(spanish.values());

/** An English message as a matcher of a whole text: its {placeholders} match anything. */
function matcherOf(message: string): RegExp | null {
  if (/\{[^}]*,\s*(plural|select)/.test(message)) return null;
  const pattern = message
    .split(/\{\s*\w+\s*\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
    .join(".+");
  return new RegExp(`^${pattern.replace(/<\/?\w+>/g, "")}$`);
}

const english = [...leaves(en as unknown as Catalog)]
  .filter(([key, text]) => spanish.get(key) !== text && !spanishTexts.has(text))
  // A message with placeholders counts when it has two words of its own at least: "Plan {number}" would
  // match "Plan de cobertura", and "{detail}" alone any text.
  .filter(
    ([, text]) =>
      !text.includes("{") || (text.replace(/\{[^}]*\}|<\/?\w+>/g, " ").match(/[A-Za-z]{3,}/g) ?? []).length >= 2,
  )
  .map(([key, text]) => ({ key, text, matcher: matcherOf(text) }))
  .filter((entry): entry is { key: string; text: string; matcher: RegExp } => entry.matcher !== null);

async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Data marked as such (translate="no": audit details as recorded) is not the page's text.
      if (!parent || parent.closest('script, style, noscript, template, [translate="no"]')) continue;
      texts.push(node.textContent ?? "");
    }
    for (const element of document.querySelectorAll("[placeholder], [aria-label], [title], [alt]"))
      for (const name of ["placeholder", "aria-label", "title", "alt"])
        if (element.hasAttribute(name)) texts.push(element.getAttribute(name) ?? "");
    return texts.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
  });
}

async function firstId(api: APIRequestContext, path: string): Promise<string> {
  const response = await api.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as { items?: Array<{ id: string }> } | Array<{ id: string }>;
  const items = Array.isArray(body) ? body : (body.items ?? []);
  expect(items.length, `${path} lists something`).toBeGreaterThan(0);
  return items[0].id;
}

test("every back-office page reads in Spanish, with no text of the English catalog", async ({
  page,
  playwright,
}, testInfo) => {
  test.slow();
  const api = await adminApi(playwright, testInfo);
  const policy = await firstId(api, "/api/v1/emission/policies?page_size=1");
  const claim = await firstId(api, "/api/v1/claims?page_size=1");
  const lead = await firstId(api, "/api/v1/leads?page_size=1");
  const client = await firstId(api, "/api/v1/emission/clients?page_size=1");
  const products = (await (await api.get("/api/v1/products/")).json()) as Array<{
    plans: Array<{ versions: Array<{ id: string }> }>;
  }>;
  const version = products[0]?.plans[0]?.versions[0]?.id;
  await api.dispose();

  const paths = [
    "/dashboard",
    "/reports",
    "/users",
    "/audit",
    "/companies",
    "/geography",
    "/lifecycle",
    "/catalog",
    ...(version ? [`/catalog/versions/${version}`, `/catalog/versions/${version}/new`] : []),
    "/quote",
    "/clients",
    `/clients/${client}`,
    "/policies",
    "/policies/new",
    "/policies/bulk",
    `/policies/${policy}`,
    "/payments",
    "/payments/reseller",
    "/claims",
    `/claims/${claim}`,
    "/leads",
    "/leads/analytics",
    `/leads/${lead}`,
    "/knowledge",
    "/chat",
  ];
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("main")).toBeVisible();
    // Lists and charts load after the first paint.
    await page.waitForLoadState("networkidle");
    for (const text of await shownTexts(page))
      for (const { key, matcher } of english) if (matcher.test(text)) found.push(`${path}: "${text}" (en ${key})`);
  }
  expect([...new Set(found)]).toEqual([]);
});
