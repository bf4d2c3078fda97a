// certificate-service: the built service (`npm start`, the production server) on the PostgreSQL server
// renders the certificates of 1,000-life policies (a bulk upload's most) while GET /api/v1/health is called
// one request after another. Each policy is issued, moved to ACTIVE by an administrator (which starts
// the render in the background, on the worker threads of lib/offload) and its PDF downloaded at once (the
// download waits for that render). The first is the first render of a fresh worker thread (its modules
// load, its code is not yet optimised). Targets (trust.md section 6): each PDF within 10 s of the
// activation, and no health request held up: every one answered within 1 s while the renders run.
import { callApi } from "./lib/api";
import type { LoadResult } from "./lib/load";
import type { Scenario } from "./lib/scenario";
import { createBenchSeller, createBenchVersion, startBenchService } from "./lib/seed";
import { summarizeLatencies } from "./lib/stats";

const LIVES = 1000;
const POLICIES = 3;
const BASELINE_MS = 3000;
const TARGET_PDF_MS = 10_000;
const TARGET_HEALTH_MS = 1000;
/** Between two health requests: a steady 40 or so a second, not a load of its own competing with the render for the two cores. */
const HEALTH_PAUSE_MS = 25;

function resultOf(latencies: number[]): LoadResult {
  const seconds = latencies.reduce((sum, ms) => sum + ms, 0) / 1000;
  return {
    ...summarizeLatencies(latencies),
    requests: latencies.length,
    errors: 0,
    seconds,
    requestsPerSecond: latencies.length / seconds,
    errorSamples: [],
  };
}

/** Calls GET /health, one request after another with a short pause, until `stop` is called; resolves to each request's time. */
function pollHealth(baseUrl: string): { stop: () => Promise<number[]> } {
  let stopped = false;
  const latencies: number[] = [];
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const response = await fetch(`${baseUrl}/api/v1/health`);
      await response.text();
      if (response.status !== 200) throw new Error(`GET /health answered ${response.status}`);
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_PAUSE_MS));
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await loop;
      return latencies;
    },
  };
}

export const certificateService: Scenario = {
  name: "certificate-service",
  async run(settings, cleanup, log) {
    const { service, adminToken } = await startBenchService(settings, cleanup, log, {
      database: "bench_certificate_service",
    });
    const versionId = await createBenchVersion(service.baseUrl, adminToken, {
      productName: "Bench family cover",
      countries: [{ country_code: "MX", is_available: true }],
    });
    const sellerToken = await createBenchSeller(service.baseUrl, adminToken);
    const people = Array.from({ length: LIVES }, (_, index) => ({
      first_name: `Person ${index + 1}`,
      last_name: `Family ${index % 50}`,
      kinship_type: index === 0 ? "SELF" : "CHILD",
      date_of_birth:
        index === 0 ? "1980-05-17" : `${2000 + (index % 20)}-${String((index % 12) + 1).padStart(2, "0")}-15`,
    }));
    const startDate = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

    log(`GET /health every ${HEALTH_PAUSE_MS} ms or so for ${BASELINE_MS / 1000} s, with nothing else running`);
    const baselinePoll = pollHealth(service.baseUrl);
    await new Promise((resolve) => setTimeout(resolve, BASELINE_MS));
    const baseline = await baselinePoll.stop();

    log(`${POLICIES} policies of ${LIVES} lives: issue, activate, download the PDF at once, GET /health meanwhile`);
    const pdfMs: number[] = [];
    const healthMs: number[] = [];
    const notes: string[] = [];
    for (let index = 0; index < POLICIES; index++) {
      const client = await callApi<{ id: string }>(
        service.baseUrl,
        "POST",
        "/api/v1/emission/clients",
        {
          first_name: "Bench",
          last_name: `Holder ${index}`,
          email: `bench-holder-${index}@example.test`,
          birth_date: "1980-05-17",
          nationality: "MX",
          country_of_residence: "MX",
        },
        sellerToken,
      );
      const policy = await callApi<{ id: string; policy_number: string; final_price: string }>(
        service.baseUrl,
        "POST",
        "/api/v1/emission/issue",
        { client_id: client.id, plan_version_id: versionId, start_date: startDate, beneficiaries: people },
        sellerToken,
      );

      const poll = pollHealth(service.baseUrl);
      const started = performance.now();
      // The first premium makes the policy ACTIVE, which renders its certificate.
      await callApi(
        service.baseUrl,
        "POST",
        "/api/v1/payments/manual",
        { policy_id: policy.id, amount: policy.final_price, reference: "bench" },
        adminToken,
      );
      const response = await fetch(`${service.baseUrl}/api/v1/emission/policies/${policy.id}/pdf`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const pdf = Buffer.from(await response.arrayBuffer());
      const elapsed = performance.now() - started;
      const during = await poll.stop();
      if (response.status !== 200 || pdf.subarray(0, 5).toString("latin1") !== "%PDF-")
        throw new Error(`GET /pdf answered ${response.status}: ${pdf.subarray(0, 300).toString("utf8")}`);
      const pages = pdf.toString("latin1").match(/\/Type\s*\/Page\b/g)?.length ?? 0;
      pdfMs.push(elapsed);
      healthMs.push(...during);
      notes.push(
        `${policy.policy_number}: PDF of ${pages} pages (${(pdf.length / 1024).toFixed(0)} kB) ${(elapsed / 1000).toFixed(2)} s after the activation; ${during.length} health requests meanwhile, the slowest ${Math.max(...during).toFixed(0)} ms`,
      );
    }

    const pdfResult = resultOf(pdfMs);
    const healthResult = resultOf(healthMs);
    return {
      title: `certificates of ${POLICIES} policies of ${LIVES} lives rendered by the built service (worker threads) while GET /api/v1/health runs, PostgreSQL server`,
      measurements: [
        { label: `PDF after activation, ${LIVES} lives`, result: pdfResult },
        { label: "GET /health while rendering", result: healthResult },
        { label: "reference: GET /health, idle", result: resultOf(baseline) },
      ],
      notes,
      checks: [
        {
          label: `every ${LIVES}-life PDF within ${TARGET_PDF_MS / 1000} s of its activation (max ${(pdfResult.max / 1000).toFixed(2)} s)`,
          pass: pdfResult.max < TARGET_PDF_MS,
        },
        {
          label: `no health request held up: every one under ${TARGET_HEALTH_MS} ms while rendering (max ${healthResult.max.toFixed(0)} ms)`,
          pass: healthResult.max < TARGET_HEALTH_MS,
        },
      ],
    };
  },
};
