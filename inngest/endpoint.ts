import { createHmac, timingSafeEqual } from "node:crypto";
import canonicalize from "canonicalize";
import { serve } from "inngest/next";
import { readLimitedBytes } from "@/lib/http/with-api";
import { inngest, inngestServeMode } from "./client";
import { backgroundFunctions } from "./index";

// /api/inngest (trust section 6). Inngest Cloud calls the functions here, each call signed with the
// signing key; nobody else has anything to do here. In production the endpoint answers:
// - 404 to everything when no INNGEST_SIGNING_KEY is set: the functions then run in-process and
//   nothing is served;
// - 401 to every call without a valid signature when one is set, before the SDK sees it (the SDK would
//   log each refusal, and serves an unsigned PUT by registering the app with Inngest);
// - what the SDK answers to a signed call.
// Development with a local Inngest dev server (INNGEST_DEV, which signs nothing) is served as the SDK
// serves it. No refusal is logged: an endpoint anyone can call must not let them write to the log.

/** How far a signature's time may be from ours, as the SDK allows. */
const SIGNATURE_TOLERANCE_MS = 5 * 60 * 1000;
/** The largest body read to check a signature; a larger one is refused unread (401). */
export const MAX_SIGNED_BODY_BYTES = 16 * 1024 * 1024;

/**
 * Whether `header` (X-Inngest-Signature: `t=<unix seconds>&s=<hex HMAC-SHA256>`) signs `body` with one
 * of `keys`, within 5 minutes of `now`. As the SDK checks it: the key is the signing key without its
 * `signkey-<env>-` prefix, the signed text is the body's canonical JSON (RFC 8785; a JSON string
 * itself; nothing for an empty body) followed by the timestamp.
 */
export function hasValidSignature(header: string | null, body: string, keys: string[], now = Date.now()): boolean {
  if (!header || keys.length === 0) return false;
  const params = new URLSearchParams(header);
  const timestamp = params.get("t") ?? "";
  const signature = params.get("s") ?? "";
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(now - Number(timestamp) * 1000) > SIGNATURE_TOLERANCE_MS) return false;
  const signed = signedText(body);
  if (signed === null) return false;
  const given = Buffer.from(signature, "hex");
  return keys.some((key) => timingSafeEqual(mac(key, signed, timestamp), given));
}

/** The signature of `body` at `timestamp` (seconds) with `key`, as Inngest signs its calls (for tests and tools). */
export function signInngestCall(body: string, key: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp}&s=${mac(key, signedText(body) ?? "", String(timestamp)).toString("hex")}`;
}

/** What a signature covers of a body: its canonical JSON, a JSON string itself, nothing for no body; null when not JSON. */
function signedText(body: string): string | null {
  if (body === "") return "";
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "string" ? parsed : (canonicalize(parsed) ?? "");
  } catch {
    return null;
  }
}

function mac(key: string, signed: string, timestamp: string): Buffer {
  return createHmac("sha256", key.replace(/^signkey-\w+-/, ""))
    .update(signed)
    .update(timestamp)
    .digest();
}

const sdk = serve({ client: inngest, functions: backgroundFunctions.map((fn) => fn.inngestFunction) });
type SdkHandler = (req: Request, context: unknown) => Promise<Response>;
// The SDK's handlers are typed for a NextRequest but read only what a web Request has.
const sdkHandlers = { GET: sdk.GET, POST: sdk.POST, PUT: sdk.PUT } as unknown as Record<string, SdkHandler | undefined>;

// The API's error shape: an English detail and a stable code (localisation.md section 3).
const answer = (status: number, detail: string, code: string, headers: Record<string, string> = {}) =>
  Response.json({ detail, code }, { status, headers });

/** The route handler of every method of /api/inngest. */
export async function handleInngestCall(req: Request, context: unknown): Promise<Response> {
  const mode = inngestServeMode();
  if (mode === "off") return answer(404, "not found", "not_found");
  let forwarded = req;
  if (mode === "signed") {
    const keys = [process.env.INNGEST_SIGNING_KEY, process.env.INNGEST_SIGNING_KEY_FALLBACK].filter(
      (key): key is string => Boolean(key),
    );
    const header = req.headers.get("x-inngest-signature");
    // Refused before the body is read when the header cannot be valid.
    if (!header) return answer(401, "a valid Inngest signature is required", "unauthorized");
    const body = await readBody(req);
    if (body === null || !hasValidSignature(header, body, keys))
      return answer(401, "a valid Inngest signature is required", "unauthorized");
    forwarded = new Request(req.url, {
      method: req.method,
      headers: req.headers,
      body: body === "" || req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
  }
  const handler = sdkHandlers[req.method === "HEAD" ? "GET" : req.method];
  if (!handler)
    return answer(405, `${req.method} is not allowed here`, "method_not_allowed", { Allow: "GET, POST, PUT" });
  return handler(forwarded, context);
}

/** The body as text, or null when it is larger than MAX_SIGNED_BODY_BYTES (not read further). */
async function readBody(req: Request): Promise<string | null> {
  if (Number(req.headers.get("content-length") ?? "0") > MAX_SIGNED_BODY_BYTES) return null;
  const tooLarge = new Error("too large");
  try {
    return (await readLimitedBytes(req, MAX_SIGNED_BODY_BYTES, () => tooLarge)).toString("utf8");
  } catch (error) {
    if (error === tooLarge) return null;
    throw error;
  }
}
