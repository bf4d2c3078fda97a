import { callApi, logIn } from "./api";
import type { Cleanup } from "./cleanup";
import { createFreshDatabase } from "./database";
import { freePort, startService } from "./processes";
import type { BenchSettings } from "./scenario";

// What every scenario against the built service starts from: a fresh database, the service on it with
// a bootstrap administrator, a plan version to sell, and a seller. Seeding goes through the API, as a
// client would.

/** Connections to PostgreSQL per server process, the same for the service and any bare server. */
export const BENCH_POOL_SIZE = "10";

/** The bootstrap administrator and the seller every benchmark signs in as (a long run signs in again with them). */
export const BENCH_ADMIN = { email: "bench-admin@example.test", password: "bench-admin-password-2026" };
export const BENCH_SELLER = { email: "bench-seller@example.test", password: "seller-bench-passphrase-2026" };

/** The built service on `databaseUrl`, with the benchmarks' pool, secret and bootstrap administrator. */
export function startServiceOn(
  settings: BenchSettings,
  cleanup: Cleanup,
  databaseUrl: string,
  env: Record<string, string> = {},
) {
  return freePort().then((port) =>
    startService(
      cleanup,
      settings.root,
      port,
      {
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: BENCH_POOL_SIZE,
        AUTH_SECRET: "bench-secret-of-at-least-thirty-two-characters",
        BOOTSTRAP_ADMIN_EMAIL: BENCH_ADMIN.email,
        BOOTSTRAP_ADMIN_PASSWORD: BENCH_ADMIN.password,
        ...env,
      },
      settings.serviceNodeFlags,
    ),
  );
}

/** A fresh database named after the scenario and the built service on it; the administrator's token. */
export async function startBenchService(
  settings: BenchSettings,
  cleanup: Cleanup,
  log: (line: string) => void,
  { database, env = {} }: { database: string; env?: Record<string, string> },
) {
  const databaseUrl = await createFreshDatabase(cleanup, database);
  log(`database ${new URL(databaseUrl).pathname.slice(1)} created`);
  const service = await startServiceOn(settings, cleanup, databaseUrl, env);
  log(`service ready at ${service.baseUrl} (pid ${service.pid})`);
  return { service, databaseUrl, adminToken: await logIn(service.baseUrl, BENCH_ADMIN.email, BENCH_ADMIN.password) };
}

type CountryRule = { country_code: string; is_available: boolean; price?: string };
type SurchargeBand = { min_age: number; max_age: number; percentage: string };

/** A product with one plan and one version (USD 25.00, entry up to 70) sold in `countries`; its version id. */
export async function createBenchVersion(
  baseUrl: string,
  adminToken: string,
  {
    productName,
    countries,
    ageSurcharges = [],
  }: { productName: string; countries: CountryRule[]; ageSurcharges?: SurchargeBand[] },
): Promise<string> {
  const product = await callApi<{ plans: { versions: { id: string }[] }[] }>(
    baseUrl,
    "POST",
    "/api/v1/products/",
    {
      name: productName,
      plans: [
        {
          name: "Bench plan",
          versions: [
            {
              version_label: "bench",
              cost_price: "10.00",
              public_price: "25.00",
              currency: "USD",
              max_entry_age: 70,
              max_renewal_age: 80,
              wtime_suicide: 730,
              wtime_accident: 0,
              wtime_preexisting: 180,
              countries,
              age_surcharges: ageSurcharges,
            },
          ],
        },
      ],
    },
    adminToken,
  );
  return product.plans[0].versions[0].id;
}

/** A VENDEDOR of the default company; its access token. */
export async function createBenchSeller(baseUrl: string, adminToken: string): Promise<string> {
  await callApi(
    baseUrl,
    "POST",
    "/api/v1/auth/users",
    { ...BENCH_SELLER, full_name: "Bench Seller", roles: ["VENDEDOR"] },
    adminToken,
  );
  return logIn(baseUrl, BENCH_SELLER.email, BENCH_SELLER.password);
}
