/**
 * The time limit of every call to an outside provider (Stripe, OpenAI, Resend, WhatsApp, HubSpot):
 * OUTBOUND_TIMEOUT_MS, 10 s by default. Read per call, like the providers' keys, so a changed setting
 * (and a test's) applies without a restart.
 */
export function outboundTimeoutMs(): number {
  const value = Number(process.env.OUTBOUND_TIMEOUT_MS ?? 10_000);
  return Number.isFinite(value) && value > 0 ? value : 10_000;
}
