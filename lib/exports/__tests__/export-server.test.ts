import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as clientsRoute from "@/app/api/v1/emission/clients/route";
import { exportColumns } from "@/lib/exports/columns";
import type { ExportSource } from "@/lib/exports/stream";
import { createApiListener, loadedRoute, type LoadedRoute } from "@/lib/http/node-handler";
import { exported } from "@/lib/http/responses";
import { createRouteTable } from "@/lib/http/route-table";
import { ClientResponse } from "@/lib/emission/schemas";
import { createTestClient, createTestCompany, signInAs } from "@/test/fixtures";

// An export through the production server's /api/v1 path (lib/http/node-handler.ts): the streamed body is
// piped to the socket with backpressure, so a client that stops reading stops the database reads, and a
// client that leaves ends them.

const BATCHES = 5000;
const ROWS_PER_BATCH = 1000;
let taken = 0;
let finished = false;

/** 5,000 batches of 1,000 rows (about 1 GB of CSV), counting the batches the stream has asked for. */
function hugeSource(): ExportSource {
  taken = 0;
  finished = false;
  return {
    list: "clients",
    columns: exportColumns(ClientResponse),
    batches: (async function* () {
      try {
        for (let batch = 0; batch < BATCHES; batch++) {
          taken++;
          yield Array.from({ length: ROWS_PER_BATCH }, (_, row) => ({
            id: `${batch}-${row}`,
            first_name: "Ana María",
            last_name: "Pérez Núñez",
            email: `ana.${batch}.${row}@example.com`,
            birth_date: "1980-05-17",
            nationality: "MX",
            country_of_residence: "MX",
            acquisition_channel: "agency",
            phone_e164: "+5215512345678",
            preferred_language: "es",
            company_id: "c",
            created_at: "2026-11-27T12:00:00.000Z",
          }));
        }
      } finally {
        finished = true;
      }
    })(),
  };
}

let server: http.Server;
let port: number;

beforeAll(async () => {
  const table = createRouteTable<LoadedRoute>([
    { path: "/api/v1/__test/huge-export", value: loadedRoute({ GET: async () => exported(hugeSource(), "csv") }) },
    { path: "/api/v1/emission/clients", value: loadedRoute(clientsRoute) },
  ]);
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  server.on("request", createApiListener(table, { port }));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("an export through the production server", () => {
  it("reads batches only as fast as the client takes them, and stops when the client leaves", async () => {
    const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path: "/api/v1/__test/huge-export", agent: false }, resolve)
        .on("error", reject),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["transfer-encoding"]).toBe("chunked");
    response.pause();
    await wait(300);
    const whilePaused = taken;
    // What fills the socket's buffers, not the 5,000 batches of the whole file.
    expect(whilePaused).toBeLessThan(100);
    await wait(200);
    expect(taken).toBe(whilePaused);
    let received = 0;
    response.on("data", (chunk: Buffer) => (received += chunk.byteLength));
    response.resume();
    await wait(300);
    expect(taken).toBeGreaterThan(whilePaused);
    expect(received).toBeGreaterThan(0);
    response.destroy();
    await wait(200);
    expect(finished).toBe(true);
    expect(taken).toBeLessThan(BATCHES);
  });

  it("serves a real list's export, its header and rows, through the same path", async () => {
    const companyId = (await createTestCompany()).id;
    const seller = await signInAs("VENDEDOR", { companyId });
    const made = await createTestClient(seller, { first_name: "Íñigo", last_name: "=1+1" });
    const answer = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
      (resolve, reject) =>
        http
          .get(
            {
              host: "127.0.0.1",
              port,
              path: "/api/v1/emission/clients?format=csv",
              headers: { authorization: `Bearer ${seller.token}` },
              agent: false,
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on("data", (chunk: Buffer) => chunks.push(chunk));
              res.on("end", () =>
                resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
              );
            },
          )
          .on("error", reject),
    );
    expect(answer.status).toBe(200);
    expect(answer.headers["content-disposition"]).toBe(
      `attachment; filename="clients-${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(answer.headers["x-request-id"]).toEqual(expect.any(String));
    expect([...answer.body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = answer.body.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe(Object.keys(ClientResponse.shape).join(","));
    expect(lines[1]).toMatch(new RegExp(`^${made.id},Íñigo,'=1\\+1,`));
    expect(lines).toHaveLength(3);
  });
});
