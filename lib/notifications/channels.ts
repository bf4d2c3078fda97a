import { Resend } from "resend";
import { ExternalServiceError } from "@/lib/errors";
import type { NotificationChannel } from "@/db/schema";

const OUTBOUND_TIMEOUT_MS = Number(process.env.OUTBOUND_TIMEOUT_MS ?? 10_000);

/** Whether a channel has a provider configured; an unconfigured channel records SKIPPED. */
export function isChannelConfigured(channel: NotificationChannel): boolean {
  return channel === "EMAIL" ? Boolean(process.env.RESEND_API_KEY) : Boolean(process.env.WHATSAPP_TOKEN && process.env.WHATSAPP_PHONE_NUMBER_ID);
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExternalServiceError(`${what} did not answer within ${OUTBOUND_TIMEOUT_MS} ms`, 504)), OUTBOUND_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** E-mail through Resend (RESEND_BASE_URL points the SDK at another host for tests). */
export async function sendEmail(input: { to: string; subject: string; text: string }): Promise<{ providerMessageId: string }> {
  const resend = new Resend(process.env.RESEND_API_KEY, process.env.RESEND_BASE_URL ? { baseUrl: process.env.RESEND_BASE_URL } : undefined);
  const from = process.env.EMAIL_FROM ?? "Funeral Cover <no-reply@example.com>";
  const { data, error } = await withTimeout(resend.emails.send({ from, to: input.to, subject: input.subject, text: input.text }), "Resend");
  if (error || !data) throw new ExternalServiceError(`Resend refused the e-mail: ${error?.message ?? "no answer"}`);
  return { providerMessageId: data.id };
}

/** A text message through the WhatsApp Cloud API (WHATSAPP_API_BASE points it at another host for tests). */
export async function sendMessage(input: { to: string; text: string }): Promise<{ providerMessageId: string }> {
  const base = process.env.WHATSAPP_API_BASE ?? "https://graph.facebook.com/v21.0";
  const response = await withTimeout(
    fetch(`${base}/${process.env.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
      method: "POST",
      headers: { Authorization: `Bearer ${process.env.WHATSAPP_TOKEN}`, "Content-Type": "application/json" },
      body: JSON.stringify({ messaging_product: "whatsapp", to: input.to.replace(/^\+/, ""), type: "text", text: { body: input.text } }),
      signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
    }),
    "WhatsApp",
  );
  const body = (await response.json().catch(() => null)) as { messages?: Array<{ id?: string }>; error?: { message?: string } } | null;
  const id = body?.messages?.[0]?.id;
  if (!response.ok || !id) throw new ExternalServiceError(`WhatsApp refused the message (${response.status}): ${body?.error?.message ?? "unexpected answer"}`);
  return { providerMessageId: id };
}
