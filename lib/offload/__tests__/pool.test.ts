import { afterAll, describe, expect, it } from "vitest";
import type { CertificateData } from "@/lib/emission/certificate/certificate-data";
import { ExternalServiceError, SpreadsheetError } from "@/lib/errors";
import { describeError } from "@/lib/http/errors";
import { createWorkerPool, POOL_LIMITS, type WorkerPool } from "@/lib/offload/pool";

// The worker pool (lib/offload/pool.ts, trust.md section 6): jobs run on worker threads with a time and
// a memory limit; a job past either is refused with a {detail} and its thread replaced, so the next job
// runs. Pools of their own with small limits, so that a real job overruns them.

const pools: WorkerPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
});

function poolWith(limits: Partial<typeof POOL_LIMITS>): WorkerPool {
  const pool = createWorkerPool({ ...POOL_LIMITS, ...limits });
  pools.push(pool);
  return pool;
}

/** What a policy of `lives` people prints (as loadCertificateData reads it). */
function certificateOf(lives: number): CertificateData {
  return {
    insurer: {
      name: "Andes Cover",
      address: null,
      registrationNumber: null,
      contactPhone: null,
      contactEmail: null,
      logo: null,
    },
    seller: null,
    policyNumber: "POL-2026-000001",
    holderName: "Ana Pérez",
    productName: "Repatriation",
    planName: "Essential",
    versionLabel: "2026",
    validFrom: "2026-01-01",
    validTo: "2026-12-31",
    status: "ACTIVE",
    issuedOn: "2026-01-01",
    currency: "USD",
    totalPrice: (25 * lives).toFixed(2),
    beneficiaries: Array.from({ length: lives }, (_, index) => ({
      name: `Person ${index + 1} Family ${index % 50}`,
      kinship: index === 0 ? "SELF" : "CHILD",
      dateOfBirth: "2010-06-30",
      ageAtStart: 15,
      price: "25.00",
      deceased: false,
      deceasedOn: null,
      coverEndDate: null,
    })),
    coverages: [{ name: "Repatriation", description: "Return of remains", limitAmount: "5000.00" }],
    waitingPeriodDays: { suicide: 365, accident: 0, preexisting: 180 },
    verificationUrl: "http://localhost:3000/verify/token",
  };
}

/** The status and body the error would answer with. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => expect.fail("the job was not refused"),
    (thrown: unknown) => thrown,
  );
  return { error, ...describeError(error) };
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString("latin1") === "%PDF-";

describe("the worker pool", () => {
  it("runs a job on a worker thread and answers its result", async () => {
    const pool = poolWith({});
    const pdf = await pool.run("renderCertificate", certificateOf(3));
    expect(isPdf(pdf)).toBe(true);
    const rows = await pool.run("readSpreadsheet", {
      name: "people.csv",
      bytes: new TextEncoder().encode("first_name,last_name\nAna,Pérez\n"),
    });
    expect(rows).toEqual([
      ["first_name", "last_name"],
      ["Ana", "Pérez"],
    ]);
  });

  it("throws a job's domain error again as its own class, with its status and fields", async () => {
    const pool = poolWith({});
    const { error, status, body } = await refusal(
      pool.run("readSpreadsheet", { name: "people.csv", bytes: new TextEncoder().encode("a,b,c,d,e,f\n") }),
    );
    expect(error).toBeInstanceOf(SpreadsheetError);
    expect(status).toBe(422);
    expect(body).toEqual({
      detail: expect.stringMatching(/^cell F1 is outside the template/),
      code: "invalid_spreadsheet",
    });
  });

  it("stops a job past its time limit with its thread (503 job_timed_out), and runs the next job on a fresh thread", async () => {
    const pool = poolWith({ threads: 1 });
    const { error, status, body } = await refusal(
      pool.run("renderCertificate", certificateOf(1000), { timeoutMs: 300 }),
    );
    expect(error).toBeInstanceOf(ExternalServiceError);
    expect(status).toBe(503);
    expect(body).toEqual({
      detail: "rendering the certificate took longer than 0.3 s; try again later",
      code: "job_timed_out",
    });

    expect(isPdf(await pool.run("renderCertificate", certificateOf(3)))).toBe(true);
  });

  it("refuses a job whose thread runs out of memory, and runs the next job on a fresh thread", async () => {
    // A 1,000-life certificate needs more than 64 MB of heap; three lives need far less.
    const pool = poolWith({ threads: 1, maxOldGenerationSizeMb: 64 });
    const { status, body } = await refusal(pool.run("renderCertificate", certificateOf(1000)));
    expect(status).toBe(503);
    expect(body).toEqual({
      detail: "the certificate could not be rendered within the memory a render may use",
      code: "job_failed",
    });

    expect(isPdf(await pool.run("renderCertificate", certificateOf(3)))).toBe(true);
  });

  it("refuses a job at once (503 busy) when the queue is full, and runs the others", async () => {
    const pool = poolWith({ threads: 1, maxQueue: 1 });
    // With its thread started: one job runs, one waits, the others find the queue full.
    expect(isPdf(await pool.run("renderCertificate", certificateOf(3)))).toBe(true);
    const jobs = Array.from({ length: 4 }, () =>
      pool.run("renderCertificate", certificateOf(50)).then(isPdf, (error: unknown) => describeError(error)),
    );
    const results = await Promise.all(jobs);
    expect(results.slice(0, 2)).toEqual([true, true]);
    for (const answer of results.slice(2)) expect(answer).toMatchObject({ status: 503, body: { code: "busy" } });
  });
});
