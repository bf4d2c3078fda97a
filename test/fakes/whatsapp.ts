import { startFakeServer, type FakeServer } from "./http-server";

/**
 * Answers like the WhatsApp Cloud API's `POST /{phone_number_id}/messages`: 200 `{messages:[{id}]}`.
 * Point the service at it with WHATSAPP_API_BASE = `url`, WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID.
 */
export async function startFakeWhatsApp(): Promise<FakeServer> {
  let sent = 0;
  return startFakeServer(
    (request) => {
      if (request.method === "POST" && /^\/[^/]+\/messages$/.test(request.path)) {
        const id = `wamid.fake${++sent}`;
        return {
          status: 200,
          body: { messaging_product: "whatsapp", contacts: [{ wa_id: request.body?.to }], messages: [{ id }] },
        };
      }
      return { status: 404, body: { error: { message: `no fake for ${request.method} ${request.path}` } } };
    },
    { status: 500, body: { error: { message: "the fake WhatsApp API is down", type: "OAuthException", code: 2 } } },
  );
}
