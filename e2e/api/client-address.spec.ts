import http from "node:http";
import { expect, test } from "@playwright/test";
import { createUserViaApi, unique } from "../fixtures/data";

// Trust section 6 against the built server as production runs it (npm start, TRUSTED_PROXY_HOPS unset):
// the client address is the socket's. Each request here leaves from a loopback address of its own
// (127.0.0.x, node's localAddress), and carries forged X-Forwarded-For and socket-address headers that
// must change nothing. Both ways in are covered: /api/v1 (served by server.ts itself) and next-auth's
// sign-in (/api/auth, through Next.js).

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

function send(
  baseURL: string,
  method: string,
  path: string,
  options: { localAddress: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        localAddress: options.localAddress,
        agent: false,
        headers: { host: `localhost:${port}`, ...options.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString("utf8") }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

/** Headers a client might forge to pick a bucket of its choosing. */
const forged = () => ({
  "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  "x-cover-socket-address": "198.51.100.66",
});

function apiLogin(baseURL: string, localAddress: string, email: string, password: string) {
  const body = JSON.stringify({ email, password });
  return send(baseURL, "POST", "/api/v1/auth/login", {
    localAddress,
    body,
    headers: { "content-type": "application/json", ...forged() },
  });
}

/** Signs in through next-auth as the sign-in page does (redirect: false): its status and the error it names. */
async function browserSignIn(baseURL: string, localAddress: string, email: string, password: string) {
  const csrf = await send(baseURL, "GET", "/api/auth/csrf", { localAddress });
  const { csrfToken } = JSON.parse(csrf.text) as { csrfToken: string };
  const cookie = (csrf.headers["set-cookie"] ?? []).map((value) => value.split(";")[0]).join("; ");
  const body = new URLSearchParams({
    csrfToken,
    email,
    password,
    callbackUrl: `${baseURL}/dashboard`,
    json: "true",
  }).toString();
  const answer = await send(baseURL, "POST", "/api/auth/callback/credentials", {
    localAddress,
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...forged() },
  });
  const { url } = JSON.parse(answer.text) as { url: string };
  return { status: answer.status, error: new URL(url).searchParams.get("error") };
}

test("sign-in failures on the API are counted per socket address: five lock that pair, not the user's own address", async ({
  request,
  baseURL,
}) => {
  const user = await createUserViaApi(request, ["ADMIN"]);
  for (let attempt = 1; attempt <= 5; attempt++)
    expect((await apiLogin(baseURL!, "127.0.0.11", user.email, `wrong-${attempt}`)).status, `failure ${attempt}`).toBe(
      401,
    );
  const locked = await apiLogin(baseURL!, "127.0.0.11", user.email, user.password);
  expect(locked.status).toBe(429);
  expect(JSON.parse(locked.text)).toEqual({
    detail: "too many failed sign-in attempts for this e-mail from this address; try again later",
    code: "rate_limited",
  });
  expect((await apiLogin(baseURL!, "127.0.0.12", user.email, user.password)).status).toBe(200);
});

test("sign-in failures through the back office's sign-in are counted per socket address too", async ({
  request,
  baseURL,
}) => {
  const user = await createUserViaApi(request);
  for (let attempt = 1; attempt <= 5; attempt++) {
    expect(await browserSignIn(baseURL!, "127.0.0.13", user.email, `wrong-${attempt}`), `failure ${attempt}`).toEqual({
      status: 401,
      error: "incorrect e-mail or password",
    });
  }
  expect(await browserSignIn(baseURL!, "127.0.0.13", user.email, user.password)).toEqual({
    status: 401,
    error: "too many failed sign-in attempts for this e-mail from this address; try again later",
  });
  expect(await browserSignIn(baseURL!, "127.0.0.14", user.email, user.password)).toEqual({ status: 200, error: null });
});

test("lead capture is limited per socket address, so one caller cannot stop the others", async ({ baseURL }) => {
  const capture = (localAddress: string, index: number) =>
    send(baseURL!, "POST", "/api/v1/leads/", {
      localAddress,
      body: JSON.stringify({
        phone_e164: `+5255${String(Date.now()).slice(-6)}${String(index).padStart(2, "0")}`,
        first_name: unique("Lead"),
      }),
      headers: { "content-type": "application/json", ...forged() },
    });
  // Early in a minute, so every call falls in one window of the per-minute limit.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
  const statuses: number[] = [];
  for (let index = 0; index < 31; index++) statuses.push((await capture("127.0.0.15", index)).status);
  expect(statuses.slice(0, 30).every((status) => status === 201 || status === 200)).toBe(true);
  expect(statuses[30]).toBe(429);
  expect([200, 201]).toContain((await capture("127.0.0.16", 99)).status);
});
