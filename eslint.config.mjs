import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  ...nextVitals,
  ...nextTypescript,
  { ignores: [".next/**", ".data/**", "node_modules/**", "next-env.d.ts", "playwright-report/**", "test-results/**"] },
  {
    // Route handlers and pages call services; only lib/ and background functions touch the database.
    files: ["app/**/*.ts", "app/**/*.tsx", "components/**/*.ts", "components/**/*.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/db", "@/db/*", "drizzle-orm", "drizzle-orm/*"], message: "Call a service in lib/<module> instead of the database." }] },
      ],
    },
  },
  { rules: { "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }] } },
];

export default config;
