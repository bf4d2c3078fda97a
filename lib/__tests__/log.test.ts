import http from "node:http";
import type { AddressInfo } from "node:net";
import { format } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { InProcessRunner } from "@/inngest/runner";
import type { BackgroundFunction } from "@/inngest/define";
import { authOptions } from "@/lib/auth/next-auth";
import { withApi } from "@/lib/http/with-api";
import { createCrmContact } from "@/lib/leads/crm";
import { describeForLog, logError, redact } from "@/lib/log";
import { embedTexts } from "@/lib/knowledge/models";
import { callProcessor, paymentProcessor } from "@/lib/payments/processor";
import { api } from "@/test/api";
import { createTestUser, signInAs } from "@/test/fixtures";

// Secrets never reach the log: drive real failures with secrets configured and in the requests, capture
// everything written to the console, and look for the secrets in it.

const SECRETS = {
  openai: "sk-proj-LOGTESTopenaiKEY0123456789abcdef",
  stripe: "sk_test_LOGTESTstripeKEY0123456789",
  webhook: "whsec_LOGTESTwebhookSECRET0123456789",
  hubspot: "pat-na1-0badc0de-1234-4321-abcd-0123456789ab",
  resend: "re_LOGTESTresendKEY0123456789",
  password: "my-Wrong-Passw0rd-LOGTEST",
  apiKey: "ck_LOGTESTapiKEYthatIsLongEnough0123",
};

let output: string[] = [];

beforeEach(() => {
  output = [];
  for (const method of ["error", "warn", "log", "info", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(format(...args));
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function logged(): string {
  return output.join("\n");
}

function expectNoSecrets(extra: string[] = []): void {
  const text = logged();
  for (const secret of [...Object.values(SECRETS), ...extra]) expect(text, `log holds ${secret}`).not.toContain(secret);
}

// A provider that refuses the call and, as real ones do, quotes the credential it was given.
let provider: http.Server;
let providerBase = "";
beforeAll(async () => {
  provider = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const credential = req.headers.authorization ?? "";
      res.writeHead(401, { "content-type": "application/json", "www-authenticate": credential });
      res.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${credential.replace(/^Bearer /, "")}`,
            type: "invalid_request_error",
          },
          echoed: credential,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  providerBase = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => provider.close(resolve));
});

describe("redact", () => {
  it("removes configured secret values and credential-shaped strings", () => {
    const env = {
      STRIPE_SECRET_KEY: "sk_live_abcdefghijklmnop",
      AUTH_SECRET: "a-configured-secret-value",
      DATABASE_URL: "postgres://app:db-Pa55word@db:5432/cover",
    };
    const text = [
      "key sk_live_abcdefghijklmnop",
      "auth a-configured-secret-value",
      "postgres://app:db-Pa55word@db:5432/cover",
      "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl",
      '{"password":"hunter2-hunter2","x-api-key":"anything-at-all"}',
      `${SECRETS.webhook} ${SECRETS.hubspot} ${SECRETS.openai} ${SECRETS.resend} ${SECRETS.apiKey}`,
      "GET /api/v1/public/verify/vt_abcdef0123456789?token=abc123456",
      "refresh rt_0123456789abcdefghijkl",
    ].join("\n");
    const result = redact(text, env);
    for (const secret of [
      "sk_live_abcdefghijklmnop",
      "a-configured-secret-value",
      "db-Pa55word",
      "eyJhbGciOiJIUzI1NiJ9",
      "c2lnbmF0dXJl",
      "hunter2-hunter2",
      "anything-at-all",
      "vt_abcdef0123456789",
      "abc123456",
      "rt_0123456789abcdefghijkl",
      ...Object.values(SECRETS).filter((s) => s !== SECRETS.password),
    ]) {
      expect(result).not.toContain(secret);
    }
    // What is not a secret stays readable.
    expect(result).toContain("postgres://app:[redacted]@db:5432/cover");
    expect(result).toContain("GET /api/v1/public/verify/[redacted]");
  });

  it("prints an error's message, stack and causes, not the request an SDK hung on it", () => {
    const error = Object.assign(new Error("the provider refused", { cause: new Error("socket hang up") }), {
      config: { headers: { Authorization: "Bearer some-opaque-token-value" } },
      requestBodyValues: { input: "client's personal data" },
    });
    const text = describeForLog(error);
    expect(text).toContain("Error: the provider refused");
    expect(text).toContain("[cause] Error: socket hang up");
    expect(text).toContain("log.test.ts");
    expect(text).not.toContain("some-opaque-token-value");
    expect(text).not.toContain("personal data");
  });
});

describe("no secret reaches the log", () => {
  it("when the model provider refuses the key and quotes it back", async () => {
    vi.stubEnv("OPENAI_API_KEY", SECRETS.openai);
    vi.stubEnv("OPENAI_BASE_URL", `${providerBase}/v1`);
    await expect(embedTexts(["a question"], 500)).rejects.toThrow(/the embedding failed/);
    expect(logged()).toContain("[knowledge] the embedding failed");
    expectNoSecrets();
  });

  it("when the card processor refuses the key and quotes it back", async () => {
    vi.stubEnv("STRIPE_SECRET_KEY", SECRETS.stripe);
    vi.stubEnv("STRIPE_API_BASE", providerBase);
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", SECRETS.webhook);
    await expect(
      callProcessor(() => paymentProcessor().customers.create({ email: "someone@example.com" })),
    ).rejects.toThrow(/refused the request/);
    expect(logged()).toContain("[payments] the card processor refused a request");
    expectNoSecrets();
  });

  it("when a background call to the CRM fails with its token quoted back, through every retry", async () => {
    vi.stubEnv("HUBSPOT_ACCESS_TOKEN", SECRETS.hubspot);
    vi.stubEnv("CRM_API_BASE", providerBase);
    vi.stubEnv("RESEND_API_KEY", SECRETS.resend);
    const fn = {
      id: "log-test-crm",
      trigger: { event: "leads/lead.changed" },
      retries: 1,
      handler: () =>
        createCrmContact({
          phone: "+27000000000",
          firstName: null,
          lastName: null,
          email: null,
          stage: "NEW" as never,
        }),
    } as unknown as BackgroundFunction;
    const runner = new InProcessRunner([fn], 1);
    await runner.run(fn, { name: "leads/lead.changed", data: {} });
    expect(logged()).toContain("[background] log-test-crm: its 2 quick attempts failed");
    expect(logged()).toContain("the CRM answered 401");
    expectNoSecrets();
  });

  it("when a sign-in fails with a wrong password, through the API and the back office", async () => {
    const user = await createTestUser({ roles: ["ADMIN"] });
    const response = await api("POST", "/api/v1/auth/login", {
      body: { email: user.email, password: SECRETS.password },
      headers: { "x-forwarded-for": "203.0.113.77" },
    });
    expect(response.status).toBe(401);
    const provider = authOptions().providers[0] as unknown as {
      options: { authorize: (c: unknown, r: unknown) => Promise<unknown> };
    };
    await expect(
      provider.options.authorize({ email: user.email, password: SECRETS.password }, { headers: {} }),
    ).rejects.toThrow();
    expectNoSecrets();
  });

  it("when a handler fails unexpectedly on a request with credentials: 500 with a fixed message, the log redacted", async () => {
    const admin = await signInAs("ADMIN");
    const handler = withApi(
      { method: "GET", path: "/__test/boom", tag: "test", summary: "fails", access: "user", responses: {} },
      async ({ req }) => {
        const authorization = req.headers.get("authorization");
        // Like an HTTP client's error: the message quotes the credential, the request hangs on the error.
        throw Object.assign(new Error(`upstream refused ${authorization} with key ${SECRETS.apiKey}`), {
          config: { headers: { Authorization: authorization, "x-api-key": SECRETS.apiKey } },
        });
      },
    );
    const response = await handler(
      new Request("http://localhost:3000/api/v1/__test/boom", {
        headers: {
          authorization: `Bearer ${admin.token}`,
          "x-api-key": SECRETS.apiKey,
          "x-request-id": "log-test-boom",
        },
      }),
    );
    expect(response.status).toBe(500);
    const body = await response.text();
    expect(body).not.toContain(admin.token);
    expect(body).not.toContain("upstream refused");
    expect(logged()).toContain("[log-test-boom] GET /api/v1/__test/boom");
    expect(logged()).toContain("upstream refused Bearer [redacted]");
    expectNoSecrets([admin.token]);
  });

  it("when next-auth reports its own error with an object holding secrets", () => {
    vi.stubEnv("STRIPE_SECRET_KEY", SECRETS.stripe);
    const logger = authOptions().logger!;
    logger.error!(
      "JWT_SESSION_ERROR" as never,
      {
        error: new Error(`decryption failed for ${SECRETS.stripe}`),
        message: "decryption failed",
        token: SECRETS.apiKey,
      } as never,
    );
    expect(logged()).toContain("[next-auth] JWT_SESSION_ERROR");
    expectNoSecrets();
  });

  it("logs the context line itself redacted", () => {
    logError(`[server] GET /api/v1/public/verify/vt_secretVerificationToken?api_key=${SECRETS.apiKey}`);
    expect(logged()).toContain("[server] GET /api/v1/public/verify/[redacted]");
    expectNoSecrets(["vt_secretVerificationToken"]);
  });
});
