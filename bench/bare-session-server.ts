// The baseline of the calculate-price benchmark: a bare node:http server that does per request only what
// the service must do against the database with the pricing config cached, namely the session check. It
// runs the SQL text drizzle generates for loadSessionUser, with the same parameters, through the same
// driver (postgres) and pool size, and the same prepare mode drizzle uses. Started as its own process by
// calculate-price.ts.
import http from "node:http";
import postgres from "postgres";

const text = process.env.BARE_SQL!;
const params = JSON.parse(process.env.BARE_PARAMS!) as (string | boolean)[];
const prepare = process.env.BARE_PREPARE === "1";
const sql = postgres(process.env.DATABASE_URL!, {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  onnotice: () => {},
  connect_timeout: 10,
});

const server = http.createServer((req, res) => {
  if (req.method === "GET" && req.url === "/ready") {
    res.writeHead(200).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", async () => {
    try {
      JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
      // As drizzle runs a select: unsafe(text, params, { prepare }).values(), rows as arrays.
      const rows = await sql.unsafe(text, params, { prepare }).values();
      const body = JSON.stringify({ rows: rows.length });
      res
        .writeHead(200, {
          "content-type": "application/json; charset=utf-8",
          "content-length": Buffer.byteLength(body),
        })
        .end(body);
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
});

server.listen(Number(process.env.PORT), "127.0.0.1");
const stop = () => server.close(() => void sql.end().then(() => process.exit(0)));
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
