import { randomUUID } from "node:crypto";
import { z } from "zod";
import { getDb } from "@/db";
import type { Actor } from "@/lib/auth/actor";
import { assertCan, assertUser } from "@/lib/auth/actor";
import { resolveCaller } from "@/lib/auth/resolve-actor";
import type { ServiceContext } from "@/lib/context";
import {
  ForbiddenError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
  type FieldError,
} from "@/lib/errors";
import { issueCode } from "@/lib/i18n/issue-code";
import { logError } from "@/lib/log";
import { clientAddress } from "./client-address";
import { describeError } from "./errors";
import { idempotencyKeyOf, runOnce } from "./idempotency";
import { permissionsOf, type Operation } from "./operation";
import { json } from "./responses";
import { isSameOriginRequest } from "./same-origin";

export const MAX_JSON_BYTES = 1024 * 1024;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;

export type HandlerArgs<O extends Operation> = {
  ctx: ServiceContext;
  params: Infer<O["params"]>;
  query: Infer<O["query"]>;
  body: Infer<O["body"]>;
  /** For a header, or a body the operation does not parse (readLimited, readMultipartUpload). */
  req: Request;
};

type RouteSegment = { params: Promise<Record<string, string | string[] | undefined>> };

/**
 * The one wrapper of every route handler: request id, caller, access, input parsing, and every error
 * turned into a `{detail}` response. Handlers only parse, call one service and respond.
 */
export function withApi<O extends Operation>(operation: O, handler: (args: HandlerArgs<O>) => Promise<Response>) {
  async function handle(req: Request, segment?: RouteSegment): Promise<Response> {
    const requestId = requestIdOf(req);
    let response: Response;
    try {
      const db = await getDb();
      const { actor, via } = await resolveForOperation(operation, req, db);
      checkAccess(operation, actor);
      if (via === "cookie" && req.method !== "GET" && req.method !== "HEAD") assertSameOrigin(req);
      // Only a route that declares parameters or a query reads them (and parses the URL).
      const params = operation.params
        ? parseInput(operation.params, (await segment?.params) ?? {}, "path parameter")
        : undefined;
      const query = operation.query
        ? parseInput(operation.query, Object.fromEntries(new URL(req.url).searchParams), "query parameter")
        : undefined;
      const body = operation.body ? parseInput(operation.body, await readBody(req, operation), "body") : undefined;
      const ctx: ServiceContext = { db, actor, ipAddress: clientAddress(req), requestId };
      const call = (ctx: ServiceContext) => handler({ ctx, params, query, body, req } as HandlerArgs<O>);
      const key = operation.idempotent ? idempotencyKeyOf(req) : null;
      response = key
        ? await runOnce(ctx, { key, route: `${operation.method} ${operation.path}`, body }, call)
        : await call(ctx);
    } catch (error) {
      const { status, body, headers } = describeError(error);
      if (status >= 500) logError(`[${requestId}] ${req.method} ${new URL(req.url).pathname}`, error, { requestId });
      response = json(body, status, headers);
    }
    response.headers.set("X-Request-Id", requestId);
    return response;
  }
  return handle;
}

async function resolveForOperation(operation: Operation, req: Request, db: Awaited<ReturnType<typeof getDb>>) {
  if (operation.access !== "public") return resolveCaller(req, db);
  // A public route ignores credentials it cannot use rather than refusing the call.
  return resolveCaller(req, db).catch((error) => {
    if (error instanceof UnauthorizedError) return { actor: { kind: "anonymous" } as Actor, via: "none" as const };
    throw error;
  });
}

function checkAccess(operation: Operation, actor: Actor): void {
  if (operation.access === "public") return;
  if (actor.kind === "anonymous") throw new UnauthorizedError();
  if (operation.access === "user") return assertUser(actor);
  const required = permissionsOf(operation.access);
  if (required.length > 0) assertCan(actor, ...required);
}

// A state change through the session cookie must come from our own pages (same-origin.ts).
function assertSameOrigin(req: Request): void {
  if (!isSameOriginRequest(req)) throw new ForbiddenError("cross-site request refused");
}

function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && /^[A-Za-z0-9._-]{1,100}$/.test(given) ? given : newRequestId();
}

// A request id only has to be unique, not secret: a random UUID made once per process whose last 12
// digits count requests. Next.js wraps node:crypto's randomUUID with a check that costs more than the
// rest of the id on every call.
const REQUEST_ID_PREFIX = randomUUID().slice(0, 24);
let requestCount = 0;

function newRequestId(): string {
  requestCount = (requestCount + 1) % 0x1000000000000;
  return REQUEST_ID_PREFIX + requestCount.toString(16).padStart(12, "0");
}

export function parseInput<S extends z.ZodType | undefined>(schema: S, value: unknown, location: string): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  assertNoNulCharacters(value, location);
  const result = schema.safeParse(value);
  if (result.success) return result.data as Infer<S>;
  const errors: FieldError[] = result.error.issues.map((issue) => {
    const code = fieldCode(issue, value);
    // A missing field reads the same whatever its schema ("expected string, received undefined" is zod's).
    const message = code === "required" && /received undefined/.test(issue.message) ? "is required" : issue.message;
    return { path: issue.path.map(String).join("."), message, code };
  });
  const first = errors[0];
  const where = first?.path ? `${location} '${first.path}'` : location;
  throw new ValidationError(`invalid ${where}: ${first?.message ?? "invalid input"}`, errors);
}

/**
 * The stable code of an issue (lib/i18n/issue-code.ts). A field absent from the input is `required`
 * whatever its schema's check said (an enum or a refinement reports a missing value as a bad one).
 */
function fieldCode(issue: z.core.$ZodIssue, value: unknown): string {
  if (issue.code !== "unrecognized_keys" && issue.code !== "custom" && issue.path.length > 0) {
    let current: unknown = value;
    for (const key of issue.path) {
      if (current === null || typeof current !== "object") {
        current = undefined;
        break;
      }
      current = (current as Record<PropertyKey, unknown>)[key];
    }
    if (current === undefined) return "required";
  }
  return issueCode(issue).code;
}

/** The deepest nesting an input may have; no schema of ours goes past a handful of levels. */
export const MAX_INPUT_DEPTH = 32;

// Postgres cannot store a NUL character in text; refuse it as input instead of failing on insert. The walk
// keeps its own stack and stops at MAX_INPUT_DEPTH: a body nested thousands of levels deep (a few KB of
// "[[[[") is refused with 422 instead of overflowing the call stack into a 500.
function assertNoNulCharacters(value: unknown, location: string): void {
  const pending: Array<{ item: unknown; path: string[] }> = [{ item: value, path: [] }];
  while (pending.length > 0) {
    const { item, path } = pending.pop()!;
    if (typeof item === "string") {
      if (item.includes("\u0000")) {
        throw new ValidationError(`invalid ${location}: text must not contain NUL characters`, [
          { path: path.join("."), message: "text must not contain NUL characters", code: "invalid_format" },
        ]);
      }
    } else if (item && typeof item === "object") {
      if (path.length >= MAX_INPUT_DEPTH) {
        const message = `must not be nested more than ${MAX_INPUT_DEPTH} levels deep`;
        throw new ValidationError(`invalid ${location}: ${message}`, [
          { path: path.join("."), message, code: "too_deep" },
        ]);
      }
      // Pushed last to first, so the first offending value in document order is the one reported.
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index--)
        pending.push({ item: entries[index][1], path: [...path, entries[index][0]] });
    }
  }
}

/** Reads a JSON (or, where accepted, form-encoded) body, refusing anything over 1 MB before parsing. */
async function readBody(req: Request, operation: Operation): Promise<unknown> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_JSON_BYTES) throw new PayloadTooLargeError("the request body is larger than 1 MB");
  const text = await readLimited(req, MAX_JSON_BYTES);
  const type = (req.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (operation.acceptsForm && type === "application/x-www-form-urlencoded") {
    return Object.fromEntries(new URLSearchParams(text));
  }
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ValidationError("the request body must be JSON (Content-Type: application/json)");
  }
  if (text.trim() === "") throw new ValidationError("the request body is empty; a JSON object is expected");
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError("the request body is not valid JSON");
  }
}

/** The body as text, refusing (413) anything over `limit` bytes while it arrives. */
export async function readLimited(req: Request, limit: number): Promise<string> {
  const bytes = await readLimitedBytes(
    req,
    limit,
    () => new PayloadTooLargeError("the request body is larger than 1 MB"),
  );
  return bytes.toString("utf8");
}

/** The body's bytes, throwing `tooLarge()` as soon as more than `limit` bytes have arrived (the rest is not read). */
export async function readLimitedBytes(
  req: Request,
  limit: number,
  tooLarge: () => Error,
): Promise<Buffer<ArrayBuffer>> {
  // A body that declares its length within the limit is read whole (node's parser holds the client to
  // that length); the production server's request (node-handler.ts) then reads it without a web stream.
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) <= limit) {
    const whole = Buffer.from(await req.arrayBuffer());
    if (whole.byteLength > limit) throw tooLarge();
    return whole;
  }
  const stream = req.body;
  if (!stream) return Buffer.alloc(0);
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
