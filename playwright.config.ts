import { defineConfig, devices } from "@playwright/test";
import { ADMIN_STORAGE_STATE } from "./e2e/fixtures/paths";

// PORT moves the test server (and the tests) off 3210, e.g. when another checkout is testing on it.
const PORT = Number(process.env.PORT || 3210);
const baseURL = `http://localhost:${PORT}`;
// The fake Stripe the server's card payments go to (e2e/fixtures/fake-stripe.ts).
const FAKE_STRIPE_PORT = Number(process.env.FAKE_STRIPE_PORT || PORT + 1000);

// Two projects, as the house style asks: "api" talks HTTP only; "backoffice" drives the pages with the
// administrator's session, which the "setup" project creates once by signing in through the page.
export default defineConfig({
  testDir: "./e2e",
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  // Two cores: the server and one browser per worker.
  workers: 2,
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // The pages follow the browser's language (Spanish by default); the specs read English unless a
    // test asks for another language.
    locale: "en-US",
    headless: true,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    // Chromium comes from Debian (/usr/bin/chromium), not from Playwright's download.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
    },
  },
  projects: [
    { name: "api", testMatch: "api/**/*.spec.ts" },
    { name: "setup", testMatch: "fixtures/**/*.setup.ts", use: { ...devices["Desktop Chrome"] } },
    {
      name: "backoffice",
      testMatch: "backoffice/**/*.spec.ts",
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], storageState: ADMIN_STORAGE_STATE },
    },
  ],
  // CI builds first (npm run build); this only starts the built server as production does (npm start:
  // the node:http server of server.ts in front of Next.js), on a fresh in-memory database.
  webServer: [
    {
      command: "npx tsx e2e/fixtures/fake-stripe.ts",
      // Any answer will do (without an API key it is Stripe's 401): the fake is listening.
      url: `http://127.0.0.1:${FAKE_STRIPE_PORT}/v1/account`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
      env: { FAKE_STRIPE_PORT: String(FAKE_STRIPE_PORT) },
    },
    {
      command: "npm start",
      url: `${baseURL}/api/v1/health`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      stdout: "pipe",
      env: {
        PORT: String(PORT),
        HOSTNAME: "localhost",
        DATABASE_URL: "memory://",
        SEED_DEMO: "1",
        AUTH_SECRET: "e2e-secret-of-at-least-32-characters-long",
        NEXTAUTH_URL: baseURL,
        STRIPE_WEBHOOK_SECRET: "whsec_e2e_payments_webhook_secret",
        STRIPE_SECRET_KEY: "sk_test_e2e",
        STRIPE_API_BASE: `http://127.0.0.1:${FAKE_STRIPE_PORT}`,
      },
    },
  ],
});
