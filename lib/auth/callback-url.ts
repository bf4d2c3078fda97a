// Where the back office may send a person after signing in: only somewhere on this site. The check
// parses the value as the browser will (a URL resolved against our origin) instead of looking at its
// first characters: browsers drop tabs and line breaks inside a URL and read a backslash as a slash, so
// "/\t/evil.test" passes a "starts with one slash" test and still lands on evil.test.

/** Where a person lands after signing in when the callbackUrl is missing or refused. */
export const DEFAULT_LANDING_PAGE = "/dashboard";

// Any origin of ours would do: the value must resolve onto it, wherever the site is served.
const PROBE_ORIGIN = "http://callback.invalid";

// C0 controls (tab, line feed, NUL, ...), DEL and the backslash: nothing a path of ours contains, and
// each of them read differently by one parser or another.
const REFUSED_CHARACTERS = /[\u0000-\u001f\u007f\\]/;

/**
 * The path, query and fragment `value` names on this site, or null when it is not a path of this site
 * (another origin, a scheme, a protocol-relative "//host", a control character or backslash anywhere).
 */
export function localPathOf(value: unknown): string | null {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2000 || REFUSED_CHARACTERS.test(value))
    return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can collapse into "//host" ("/.//evil.test"): what comes out must stay here too.
  return path.startsWith("//") || new URL(path, PROBE_ORIGIN).origin !== PROBE_ORIGIN ? null : path;
}

/** The sign-in page's callbackUrl: a path of this site, else the default landing page. */
export function safeCallbackUrl(value: unknown): string {
  return localPathOf(value) ?? DEFAULT_LANDING_PAGE;
}

/**
 * next-auth's redirect callback: a path of this site, or an absolute URL on `baseUrl`'s origin, else
 * the default landing page on `baseUrl`. next-auth's own check only looks at a leading "/".
 */
export function safeRedirectUrl(url: string, baseUrl: string): string {
  const base = new URL(baseUrl);
  let path: string | null = null;
  if (url.startsWith("/")) path = localPathOf(url);
  else if (!REFUSED_CHARACTERS.test(url) && URL.canParse(url)) {
    const absolute = new URL(url);
    if (absolute.origin === base.origin) path = localPathOf(`${absolute.pathname}${absolute.search}${absolute.hash}`);
  }
  return new URL(path ?? DEFAULT_LANDING_PAGE, base).href;
}
