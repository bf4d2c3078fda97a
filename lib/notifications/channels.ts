import { Resend } from "resend";
import { ExternalServiceError } from "@/lib/errors";
import type { NotificationChannel } from "@/db/schema";
import { outboundTimeoutMs } from "@/lib/outbound";
import type { WhatsAppTemplate } from "./templates";

/** Whether a channel has a provider configured; an unconfigured channel records SKIPPED. */
export function isChannelConfigured(channel: NotificationChannel): boolean {
  return channel === "EMAIL"
    ? Boolean(process.env.RESEND_API_KEY)
    : Boolean(process.env.WHATSAPP_TOKEN && process.env.WHATSAPP_PHONE_NUMBER_ID);
}

/**
 * Runs one provider call within the time limit: past it the call fails with a 504-kind error and its
 * request is aborted, so that a provider that never answers holds no connection.
 */
async function withTimeout<T>(what: string, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const limit = outboundTimeoutMs();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ExternalServiceError(`${what} did not answer within ${limit} ms`, 504));
      controller.abort();
    }, limit);
  });
  try {
    return await Promise.race([call(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * E-mail through Resend (RESEND_BASE_URL points the SDK at another host for tests). `idempotencyKey`
 * names the notification: a retry after an attempt that timed out (and may have been sent) is answered
 * by Resend with the first send instead of sending the e-mail twice.
 */
export async function sendEmail(input: {
  to: string;
  subject: string;
  text: string;
  idempotencyKey: string;
}): Promise<{ providerMessageId: string }> {
  const resend = new Resend(
    process.env.RESEND_API_KEY,
    process.env.RESEND_BASE_URL ? { baseUrl: process.env.RESEND_BASE_URL } : undefined,
  );
  const from = process.env.EMAIL_FROM ?? "Funeral Cover <no-reply@example.com>";
  const { data, error } = await withTimeout("Resend", (signal) =>
    resend.emails.send(
      { from, to: input.to, subject: input.subject, text: input.text },
      { idempotencyKey: input.idempotencyKey, signal },
    ),
  );
  // An answer without the e-mail's id is no proof of sending: it fails and is retried like any other.
  if (error || typeof data?.id !== "string")
    throw new ExternalServiceError(
      `Resend refused the e-mail: ${error?.message ?? "an answer without the e-mail's id"}`,
    );
  return { providerMessageId: data.id };
}

/**
 * A message through the WhatsApp Cloud API (WHATSAPP_API_BASE points it at another host for tests). Every
 * message of ours starts a conversation, which WhatsApp allows only with an approved template (type
 * "template"), never free text.
 */
export async function sendMessage(input: {
  to: string;
  template: WhatsAppTemplate;
}): Promise<{ providerMessageId: string }> {
  const base = process.env.WHATSAPP_API_BASE ?? "https://graph.facebook.com/v21.0";
  const { response, body } = await withTimeout("WhatsApp", async (signal) => {
    const response = await fetch(`${base}/${process.env.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${process.env.WHATSAPP_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: input.to.replace(/^\+/, ""),
        type: "template",
        template: input.template,
      }),
      signal,
    });
    const body = (await response.json().catch(() => null)) as {
      messages?: Array<{ id?: string }>;
      error?: { message?: string };
    } | null;
    return { response, body };
  });
  const id = body?.messages?.[0]?.id;
  if (!response.ok || !id)
    throw new ExternalServiceError(
      `WhatsApp refused the message (${response.status}): ${body?.error?.message ?? "unexpected answer"}`,
    );
  return { providerMessageId: id };
}
