import { startFakeServer, type FakeServer } from "./http-server";

/**
 * Answers like Resend's `POST /emails`: 200 `{id}`; a request with an `Idempotency-Key` already answered
 * gets that first answer again (no second e-mail), as Resend does for 24 hours. Point the SDK at it with
 * RESEND_BASE_URL = `url` and any RESEND_API_KEY.
 */
export async function startFakeResend(): Promise<FakeServer> {
  let sent = 0;
  const idsByKey = new Map<string, string>();
  return startFakeServer(
    (request) => {
      if (request.method === "POST" && request.path === "/emails") {
        const key = request.headers["idempotency-key"];
        const earlier = typeof key === "string" ? idsByKey.get(key) : undefined;
        if (earlier) return { status: 200, body: { id: earlier } };
        const id = `re_fake_${++sent}`;
        if (typeof key === "string") idsByKey.set(key, id);
        return { status: 200, body: { id } };
      }
      return { status: 404, body: { message: `no fake for ${request.method} ${request.path}`, name: "not_found" } };
    },
    { status: 500, body: { statusCode: 500, message: "the fake Resend is down", name: "internal_server_error" } },
  );
}
