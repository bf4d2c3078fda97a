// calculate-price: the built service (`npm start`, the production server) answering POST /api/v1/plans/calculate-price on the
// PostgreSQL server, beside a bare node:http server that runs the one query such a request makes once
// the pricing config is cached (the session check of the bearer token).
import path from "node:path";
import { fillPlaceholders } from "drizzle-orm";
import { openDatabase } from "@/db";
import { sessionUserQuery } from "@/lib/auth/sessions";
import { callApi, jwtClaims } from "./lib/api";
import { measureAlternating } from "./lib/load";
import { freePort, launchServer } from "./lib/processes";
import type { Scenario } from "./lib/scenario";
import { BENCH_POOL_SIZE, createBenchSeller, createBenchVersion, startBenchService } from "./lib/seed";

const TARGET_RPS_RATIO = 0.6;
const TARGET_P99_MS = 25;
// loadSessionUser runs a named prepared statement (drizzle passes prepare: true to the driver for those).
const SESSION_QUERY_PREPARED = true;

export const calculatePrice: Scenario = {
  name: "calculate-price",
  async run(settings, cleanup, log) {
    const { service, databaseUrl, adminToken } = await startBenchService(settings, cleanup, log, {
      database: "bench_calculate_price",
    });

    // Seed through the API, as a client would: a product with one version sold in MX at its own price
    // and a 15% surcharge from age 50, then a seller who quotes it.
    const versionId = await createBenchVersion(service.baseUrl, adminToken, {
      productName: "Bench repatriation cover",
      countries: [{ country_code: "MX", is_available: true, price: "30.00" }],
      ageSurcharges: [{ min_age: 50, max_age: 70, percentage: "15" }],
    });
    const sellerToken = await createBenchSeller(service.baseUrl, adminToken);
    const quoteBody = JSON.stringify({ plan_version_id: versionId, age: 60, country_code: "MX", quantity: 2 });
    const quote = await callApi<{ final_price: string }>(
      service.baseUrl,
      "POST",
      "/api/v1/plans/calculate-price",
      JSON.parse(quoteBody),
      sellerToken,
    );
    if (quote.final_price !== "69.00") throw new Error(`unexpected quote ${JSON.stringify(quote)}`);
    log(`seeded: version ${versionId}, a VENDEDOR token, quote ${quote.final_price} USD`);

    // The session check's SQL exactly as drizzle generates it for the seller's token.
    const claims = jwtClaims(sellerToken);
    const drizzle = await openDatabase(databaseUrl);
    const { sql: text, params: placeholders } = sessionUserQuery(drizzle.db).toSQL();
    const params = fillPlaceholders(placeholders, { sessionId: claims.sid, userId: claims.sub });
    await drizzle.close();

    const barePort = await freePort();
    const bare = await launchServer(cleanup, {
      name: "bare node:http",
      cwd: settings.root,
      port: barePort,
      args: ["--import", "tsx", path.join(settings.root, "bench", "bare-session-server.ts")],
      env: {
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATABASE_BENCH_POOL_SIZE: BENCH_POOL_SIZE,
        BARE_SQL: text,
        BARE_PARAMS: JSON.stringify(params),
        BARE_PREPARE: SESSION_QUERY_PREPARED ? "1" : "0",
      },
      readyPath: "/ready",
    });
    const probe = await callApi<{ rows: number }>(bare.baseUrl, "POST", "/quote", JSON.parse(quoteBody));
    if (probe.rows === 0) throw new Error("the bare server's session query found no rows");
    log(`bare server ready at ${bare.baseUrl} (pid ${bare.pid}); the session query returns ${probe.rows} rows`);

    const headers = { "content-type": "application/json", authorization: `Bearer ${sellerToken}` };
    log(
      `warming up each ${settings.warmupMs / 1000} s, then measuring each ${settings.durationMs / 1000} s in ${settings.slices} alternating slices`,
    );
    // The health check is a reference, not a target: the same server and withApi with one trivial query
    // and no credentials, i.e. about the least a route of this service can cost.
    const labels = ["service (npm start)", "bare node:http + postgres", "reference: GET /api/v1/health"];
    const results = await measureAlternating(
      [
        {
          url: `${service.baseUrl}/api/v1/plans/calculate-price`,
          method: "POST",
          headers,
          body: quoteBody,
          pid: service.pid,
        },
        { url: `${bare.baseUrl}/quote`, method: "POST", headers, body: quoteBody, pid: bare.pid },
        { url: `${service.baseUrl}/api/v1/health`, method: "GET", pid: service.pid },
      ],
      settings,
    );
    const measurements = results.map((result, index) => ({ label: labels[index], result }));

    const [serviceRun, bareRun, healthRun] = results;
    const ratio = serviceRun.requestsPerSecond / bareRun.requestsPerSecond;
    const healthRatio = healthRun.requestsPerSecond / bareRun.requestsPerSecond;
    return {
      title: `POST /api/v1/plans/calculate-price, ${settings.concurrency} keep-alive connections, PostgreSQL server`,
      measurements,
      notes: [
        `ratio service/bare: ${ratio.toFixed(2)} (${(ratio * 100).toFixed(0)}% of the bare server's requests per second)`,
        `ratio health/bare: ${healthRatio.toFixed(2)} (the floor of any route of the service on this machine, for comparison)`,
        `CPU per request (user + system, 10 ms ticks): ${results.map((result, index) => `${labels[index]} ${result.cpuMicrosPerRequest?.toFixed(0) ?? "?"} µs`).join(", ")}`,
      ],
      checks: [
        {
          label: `service reaches >= ${TARGET_RPS_RATIO * 100}% of the bare server's req/s (${(ratio * 100).toFixed(0)}%)`,
          pass: ratio >= TARGET_RPS_RATIO,
        },
        {
          label: `service p99 < ${TARGET_P99_MS} ms (${serviceRun.p99.toFixed(1)} ms)`,
          pass: serviceRun.p99 < TARGET_P99_MS,
        },
      ],
    };
  },
};
