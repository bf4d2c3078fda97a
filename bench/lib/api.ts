/** A small JSON client for seeding a benchmark through the service's own API. */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Signs in and returns the access token. */
export async function logIn(baseUrl: string, email: string, password: string): Promise<string> {
  const { access_token } = await callApi<{ access_token: string }>(baseUrl, "POST", "/api/v1/auth/login", {
    email,
    password,
  });
  return access_token;
}

/** The (unverified) claims of a JWT: the benchmark only reads which session and user a token names. */
export function jwtClaims(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString("utf8"));
}
