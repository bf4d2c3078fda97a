import { startFakeServer, type FakeServer } from "./http-server";

/**
 * Answers like Resend's `POST /emails`: 200 `{id}`. Point the SDK at it with RESEND_BASE_URL = `url`
 * and any RESEND_API_KEY.
 */
export async function startFakeResend(): Promise<FakeServer> {
  let sent = 0;
  return startFakeServer((request) => {
    if (request.method === "POST" && request.path === "/emails") return { status: 200, body: { id: `re_fake_${++sent}` } };
    return { status: 404, body: { message: `no fake for ${request.method} ${request.path}`, name: "not_found" } };
  }, { status: 500, body: { statusCode: 500, message: "the fake Resend is down", name: "internal_server_error" } });
}
