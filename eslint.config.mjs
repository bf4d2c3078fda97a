import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const testCode = ["**/__tests__/**", "**/*.test.ts", "**/*.test.tsx"];
const noTestHelpers = {
  group: ["@/test", "@/test/*", "**/test/*"],
  message: "Test helpers live under test/ and are for tests only.",
};
const noDatabase = {
  group: ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*"],
  message: "Call a service in lib/<module> instead of the database.",
};

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "playwright-report/**", "test-results/**"] },
  {
    // Only lib/ and background functions touch the database; no production code imports a test helper.
    files: [
      "lib/**/*.ts",
      "lib/**/*.tsx",
      "db/**/*.ts",
      "inngest/**/*.ts",
      "proxy.ts",
      "server.ts",
      "instrumentation.ts",
    ],
    ignores: testCode,
    rules: { "no-restricted-imports": ["error", { patterns: [noTestHelpers] }] },
  },
  {
    // Route handlers and pages call services; only lib/ and background functions touch the database.
    files: ["app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"],
    ignores: testCode,
    rules: { "no-restricted-imports": ["error", { patterns: [noDatabase, noTestHelpers] }] },
  },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
];

export default config;
