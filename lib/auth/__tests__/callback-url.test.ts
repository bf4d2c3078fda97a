import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANDING_PAGE, localPathOf, safeCallbackUrl, safeRedirectUrl } from "@/lib/auth/callback-url";

// The sign-in page's callbackUrl and next-auth's redirect callback send a person only somewhere on this
// site. The reproductions of the open redirect: a tab or line break after the first slash, which
// browsers drop, turned "/\t/evil.test" into "//evil.test".

const BASE = "http://localhost:3000";

/** Where a browser on BASE would go for a Location or location.assign() of `target`. */
const landing = (target: string) => new URL(target, `${BASE}/sign-in`);

describe("safeCallbackUrl", () => {
  it("keeps a path of this site with its query and fragment", () => {
    expect(safeCallbackUrl("/geography")).toBe("/geography");
    expect(safeCallbackUrl("/policies/123?tab=payments#history")).toBe("/policies/123?tab=payments#history");
    expect(safeCallbackUrl("/leads/%2F%2Fevil.test")).toBe("/leads/%2F%2Fevil.test");
    expect(safeCallbackUrl("/a/b/../c")).toBe("/a/c");
  });

  it("refuses the reported bypasses and every other way off the site", () => {
    for (const value of [
      "/\t/evil.test",
      "/\n/evil.test",
      "/\r/evil.test",
      "/\u0000/evil.test",
      "/\u007f/evil.test",
      "/\\evil.test",
      "/\\/evil.test",
      "//evil.test",
      "///evil.test",
      "/.//evil.test",
      "/a/..//evil.test",
      "https://evil.test/",
      "http:evil.test",
      "javascript:alert(1)",
      "evil.test",
      " /geography",
      "",
      "/" + "a".repeat(2000),
    ]) {
      expect(safeCallbackUrl(value), JSON.stringify(value)).toBe(DEFAULT_LANDING_PAGE);
    }
    for (const value of [undefined, null, 42, ["/geography"]])
      expect(safeCallbackUrl(value)).toBe(DEFAULT_LANDING_PAGE);
  });

  it("never names another origin, whatever the text (property)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((text) => `/${text}`),
          fc.webUrl(),
          fc.webPath(),
        ),
        (value) => {
          const target = safeCallbackUrl(value);
          expect(target.startsWith("/")).toBe(true);
          expect(target.startsWith("//")).toBe(false);
          expect(landing(target).origin).toBe(BASE);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("returns null from localPathOf for what it refuses", () => {
    expect(localPathOf("/\t/evil.test")).toBeNull();
    expect(localPathOf("/dashboard")).toBe("/dashboard");
  });
});

describe("safeRedirectUrl (next-auth's redirect callback)", () => {
  it("keeps a path of this site or an absolute URL on the same origin", () => {
    expect(safeRedirectUrl("/geography", BASE)).toBe(`${BASE}/geography`);
    expect(safeRedirectUrl(`${BASE}/policies/1?x=1`, BASE)).toBe(`${BASE}/policies/1?x=1`);
  });

  it("sends everything else to the default landing page on this site", () => {
    for (const url of [
      "/\t/evil.test",
      "/\n/evil.test",
      "//evil.test",
      "/.//evil.test",
      "https://evil.test/",
      `${BASE}.evil.test/`,
      "http://localhost:3001/",
      "javascript:alert(1)",
      `${BASE}/\\evil`,
    ]) {
      expect(safeRedirectUrl(url, BASE), url).toBe(`${BASE}${DEFAULT_LANDING_PAGE}`);
    }
  });
});
