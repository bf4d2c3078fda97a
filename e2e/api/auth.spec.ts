import { expect, test } from "@playwright/test";
import { ADMIN, adminToken, createUserViaApi, unique } from "../fixtures/data";

test("login returns a bearer token pair that opens /auth/me", async ({ request }) => {
  const login = await request.post("/api/v1/auth/login", { data: ADMIN });
  expect(login.status()).toBe(200);
  const tokens = (await login.json()) as Record<string, unknown>;
  expect(tokens).toMatchObject({ token_type: "bearer", expires_in: expect.any(Number) });
  expect(typeof tokens.access_token).toBe("string");
  expect(typeof tokens.refresh_token).toBe("string");

  const me = await request.get("/api/v1/auth/me", { headers: { Authorization: `Bearer ${tokens.access_token}` } });
  expect(me.status()).toBe(200);
  const profile = (await me.json()) as { email: string; roles: Array<{ name: string }>; permissions: string[] };
  expect(profile.email).toBe(ADMIN.email);
  expect(profile.roles.map((role) => role.name)).toContain("ADMIN");
  expect(profile.permissions).toContain("audit:read");
});

test("the OAuth2 password form is accepted as well", async ({ request }) => {
  const login = await request.post("/api/v1/auth/login", { form: { username: ADMIN.email, password: ADMIN.password } });
  expect(login.status()).toBe(200);
});

test("a missing credential is a 401 {detail} with WWW-Authenticate", async ({ request }) => {
  const response = await request.get("/api/v1/auth/me");
  expect(response.status()).toBe(401);
  expect(response.headers()["www-authenticate"]).toMatch(/^Bearer/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(typeof body.detail).toBe("string");
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(js|ts):\d+/);
});

test("a malformed bearer token is a 401, not a 500", async ({ request }) => {
  const response = await request.get("/api/v1/auth/me", { headers: { Authorization: "Bearer not-a-jwt" } });
  expect(response.status()).toBe(401);
  expect(await response.json()).toHaveProperty("detail");
});

test("wrong credentials are a 401 with the same detail whether the e-mail exists or not", async ({ request }) => {
  // A fresh user, so that the failures count against nobody else's throttle.
  const user = await createUserViaApi(request);
  const known = await request.post("/api/v1/auth/login", { data: { email: user.email, password: "not-the-password" } });
  const unknown = await request.post("/api/v1/auth/login", {
    data: { email: `${unique("nobody")}@example.test`, password: "whatever-it-is" },
  });
  expect(known.status()).toBe(401);
  expect(unknown.status()).toBe(401);
  expect((await known.json()).detail).toBe((await unknown.json()).detail);
});

test("after five failures for one e-mail the sixth attempt is throttled (429)", async ({ request }) => {
  const email = `${unique("throttled")}@example.test`;
  for (let attempt = 1; attempt <= 5; attempt++) {
    const response = await request.post("/api/v1/auth/login", { data: { email, password: `wrong-${attempt}` } });
    expect(response.status()).toBe(401);
  }
  const throttled = await request.post("/api/v1/auth/login", { data: { email, password: "wrong-6" } });
  expect(throttled.status()).toBe(429);
  expect((await throttled.json()).detail).toMatch(/too many failed sign-in attempts/);
  expect(throttled.headers()["retry-after"]).toBeTruthy();
});

test("global logout revokes every token of the user at once", async ({ request }) => {
  const user = await createUserViaApi(request);
  const login = async () => {
    const response = await request.post("/api/v1/auth/login", { data: { email: user.email, password: user.password } });
    return ((await response.json()) as { access_token: string }).access_token;
  };
  const [first, second] = [await login(), await login()];
  const logoutAll = await request.post("/api/v1/auth/logout-all", { headers: { Authorization: `Bearer ${first}` } });
  expect(logoutAll.status()).toBe(204);
  for (const token of [first, second]) {
    const me = await request.get("/api/v1/auth/me", { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  }
});

test("an administrator-only list refuses a client with 403", async ({ request }) => {
  const user = await createUserViaApi(request, ["CLIENTE"]);
  const login = await request.post("/api/v1/auth/login", { data: { email: user.email, password: user.password } });
  const { access_token } = (await login.json()) as { access_token: string };
  const response = await request.get("/api/v1/auth/users", { headers: { Authorization: `Bearer ${access_token}` } });
  expect(response.status()).toBe(403);
  expect(await response.json()).toHaveProperty("detail");
  // And an administrator gets the paginated shape.
  const admin = await request.get("/api/v1/auth/users?page_size=5", {
    headers: { Authorization: `Bearer ${await adminToken(request)}` },
  });
  expect(await admin.json()).toMatchObject({
    items: expect.any(Array),
    total: expect.any(Number),
    page: 1,
    page_size: 5,
  });
});
