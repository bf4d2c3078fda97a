// bulk-upload: the built service (`npm start`, the production server) on the PostgreSQL server issuing
// one policy from a 1,000-row spreadsheet (POST /api/v1/emission/bulk-upload), one upload at a time, as
// .xlsx and as .csv. Target (issue 4 point 11): every 1,000-row upload validated and stored in under 3 s.
import writeXlsxFile from "write-excel-file/node";
import { callApi } from "./lib/api";
import type { LoadResult } from "./lib/load";
import type { Scenario } from "./lib/scenario";
import { createBenchSeller, createBenchVersion, startBenchService } from "./lib/seed";
import { summarizeLatencies } from "./lib/stats";

const TARGET_MS = 3000;
const ROWS = 1000;
/** Uploads before measuring (the first loads the route's modules), then measured uploads per format. */
const WARMUP_UPLOADS = 2;
const MEASURED_UPLOADS = 10;

const COLUMNS = ["first_name", "last_name", "date_of_birth", "kinship_type", "country_of_residence"];

type Upload = { name: string; bytes: Uint8Array<ArrayBuffer> };

/** 1,000 people as a seller would list them: one SELF and one SPOUSE, then children and parents of varied ages, in MX or US. */
function beneficiaryRows(): string[][] {
  return Array.from({ length: ROWS }, (_, index) => {
    const kinship = index === 0 ? "SELF" : index === 1 ? "SPOUSE" : index % 3 === 0 ? "PARENT" : "CHILD";
    const year = kinship === "PARENT" ? 1960 + (index % 10) : kinship === "CHILD" ? 2000 + (index % 20) : 1980;
    const birth = `${year}-${String((index % 12) + 1).padStart(2, "0")}-${String((index % 28) + 1).padStart(2, "0")}`;
    return [`Person ${index + 1}`, `Family ${index % 50}`, birth, kinship, index % 4 === 0 ? "US" : ""];
  });
}

async function uploadOnce(
  baseUrl: string,
  token: string,
  fields: Record<string, string>,
  file: Upload,
): Promise<number> {
  const form = new FormData();
  form.set("file", new Blob([file.bytes]), file.name);
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/v1/emission/bulk-upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (response.status !== 201) throw new Error(`${file.name}: ${response.status} ${text.slice(0, 500)}`);
  const policy = JSON.parse(text) as { beneficiaries: unknown[] };
  if (policy.beneficiaries.length !== ROWS)
    throw new Error(`${file.name}: the policy covers ${policy.beneficiaries.length} people, not ${ROWS}`);
  return elapsed;
}

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

export const bulkUpload: Scenario = {
  name: "bulk-upload",
  async run(settings, cleanup, log) {
    const { service, adminToken } = await startBenchService(settings, cleanup, log, { database: "bench_bulk_upload" });

    // Seed through the API: a version sold in MX and US with an age surcharge, a seller, and a client.
    const versionId = await createBenchVersion(service.baseUrl, adminToken, {
      productName: "Bench family cover",
      countries: [
        { country_code: "MX", is_available: true },
        { country_code: "US", is_available: true, price: "40.00" },
      ],
      ageSurcharges: [{ min_age: 50, max_age: 70, percentage: "15" }],
    });
    const sellerToken = await createBenchSeller(service.baseUrl, adminToken);
    const client = await callApi<{ id: string }>(
      service.baseUrl,
      "POST",
      "/api/v1/emission/clients",
      {
        first_name: "Bench",
        last_name: "Holder",
        email: "bench-holder@example.test",
        birth_date: "1980-05-17",
        nationality: "MX",
        country_of_residence: "MX",
      },
      sellerToken,
    );
    const fields = {
      client_id: client.id,
      plan_version_id: versionId,
      start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
    };

    const rows = beneficiaryRows();
    const files: Upload[] = [
      { name: "beneficiaries.xlsx", bytes: new Uint8Array(await writeXlsxFile([COLUMNS, ...rows]).toBuffer()) },
      {
        name: "beneficiaries.csv",
        bytes: new TextEncoder().encode([COLUMNS, ...rows].map((row) => row.join(",")).join("\n")),
      },
    ];
    log(
      `seeded: a client and a version; files of ${ROWS} rows: ${files.map((file) => `${file.name} ${(file.bytes.length / 1024).toFixed(0)} KB`).join(", ")}`,
    );

    log(`${WARMUP_UPLOADS} warm-up uploads per file, then ${MEASURED_UPLOADS} measured, one at a time`);
    const measurements = [];
    for (const file of files) {
      for (let upload = 0; upload < WARMUP_UPLOADS; upload += 1)
        await uploadOnce(service.baseUrl, sellerToken, fields, file);
      const latencies: number[] = [];
      for (let upload = 0; upload < MEASURED_UPLOADS; upload += 1)
        latencies.push(await uploadOnce(service.baseUrl, sellerToken, fields, file));
      measurements.push({ label: `${ROWS} rows, ${file.name.split(".").pop()}`, result: resultOf(latencies) });
    }

    return {
      title: `POST /api/v1/emission/bulk-upload, ${ROWS} rows issued as one policy, sequential uploads, PostgreSQL server`,
      measurements,
      notes: measurements.map(
        ({ label, result }) =>
          `${label}: p50 ${result.p50.toFixed(0)} ms, max ${result.max.toFixed(0)} ms over ${result.requests} uploads`,
      ),
      checks: measurements.map(({ label, result }) => ({
        label: `${label}: every upload under ${TARGET_MS / 1000} s (max ${result.max.toFixed(0)} ms)`,
        pass: result.max < TARGET_MS,
      })),
    };
  },
};
