import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

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
  {
    // A catalog is its namespaces gathered as one object literal; naming it changes how TypeScript reads
    // its JSON-typed keys (they widen to include symbol).
    files: ["messages/*/index.ts"],
    rules: { "import/no-anonymous-default-export": "off" },
  },
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
  {
    // Dependencies point one way: a module never reaches itself again through its imports, static or
    // dynamic (type-only imports are erased and do not count). The resolver follows tsconfig's @/* alias.
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/extensions": [".ts", ".tsx", ".mts", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx", ".mts"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
];

export default config;
