import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import type { Language } from "@/db/enums";
import { users } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import { inTransaction } from "@/lib/context";
import { sendAccountLink } from "@/lib/identity/account-tokens";
import { api } from "@/test/api";
import { createTestUser, issueTestPolicy, signInAs, systemCtx, type SignedIn } from "@/test/fixtures";

// localisation.md section 2: a notification is rendered when it is enqueued, in its recipient's language
// (a client's preferred_language; a user's saved locale, else DEFAULT_LOCALE), and the outbox keeps the
// language, subject and body it was written in.

type Item = {
  template: string;
  status: string;
  language: Language | null;
  subject: string | null;
  body: string | null;
  payload: Record<string, unknown>;
};

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR");
});

afterEach(async () => {
  await inProcessRunner().drain();
  vi.unstubAllEnvs();
});

async function outbox(recipient: string, template: string): Promise<Item[]> {
  const response = await api("GET", `/api/v1/notifications?${new URLSearchParams({ recipient, template })}`, {
    token: admin.token,
  });
  expect(response.status).toBe(200);
  return response.body.items;
}

/** "2026-11-25" as each language writes it. */
function written(date: string, language: Language): string {
  const [year, month, day] = date.split("-");
  return language === "es" ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}

describe("a notification to a client is in the client's preferred_language", () => {
  it("a Spanish client gets the policy.issued notice in Spanish, dates as dd/mm/yyyy", async () => {
    const { client, policy } = await issueTestPolicy(seller, { clientOverrides: { preferred_language: "es" } });
    const full = policy as typeof policy & { start_date: string; end_date: string };
    const [item] = await outbox(client.email, "policy.issued");
    expect(item.language).toBe("es");
    expect(item.subject).toBe(`Tu cobertura funeraria ${policy.policy_number} ya fue emitida`);
    expect(item.body).toBe(
      `Hola Ana,\n\nTu póliza ${policy.policy_number} ya fue emitida. Te cubre del ${written(full.start_date, "es")} ` +
        `al ${written(full.end_date, "es")} con una prima de 25.00 USD, y entra en vigor en cuanto recibamos el primer pago.`,
    );
    expect(item.body).toMatch(/del (\d{2})\/(\d{2})\/\d{4}/);
    // The payload keeps the data as it is, for partner apps.
    expect(item.payload).toMatchObject({ start_date: full.start_date, final_price: "25.00", currency: "USD" });
  });

  it("an English client gets it in English, dates as mm/dd/yyyy", async () => {
    const { client, policy } = await issueTestPolicy(seller, { clientOverrides: { preferred_language: "en" } });
    const full = policy as typeof policy & { start_date: string; end_date: string };
    const [item] = await outbox(client.email, "policy.issued");
    expect(item.language).toBe("en");
    expect(item.subject).toBe(`Your funeral cover ${policy.policy_number} has been issued`);
    expect(item.body).toBe(
      `Hello Ana,\n\nYour policy ${policy.policy_number} has been issued. It covers you from ${written(full.start_date, "en")} ` +
        `to ${written(full.end_date, "en")} with a premium of 25.00 USD, and becomes active once the first payment is received.`,
    );
  });
});

describe("a notification to a user is in the user's saved locale, else DEFAULT_LOCALE", () => {
  async function resetLinkTo(locale: Language | null): Promise<Item> {
    const created = await createTestUser({ fullName: "Marta Gómez" });
    const db = await getDb();
    await db.update(users).set({ locale }).where(eq(users.id, created.id));
    const [user] = await db.select().from(users).where(eq(users.id, created.id));
    await inTransaction(await systemCtx(), (tx) => sendAccountLink(tx, user, "PASSWORD_RESET"));
    const [item] = await outbox(user.email, "auth.password_reset");
    return item;
  }

  it("without a saved locale: DEFAULT_LOCALE, Spanish unless set", async () => {
    vi.stubEnv("DEFAULT_LOCALE", undefined);
    const item = await resetLinkTo(null);
    expect(item).toMatchObject({ language: "es", subject: "Restablece tu contraseña" });
    expect(item.body).toContain("Hola Marta Gómez,");
    expect(item.body).toContain(item.payload.url as string);

    vi.stubEnv("DEFAULT_LOCALE", "en");
    expect(await resetLinkTo(null)).toMatchObject({ language: "en", subject: "Reset your password" });
  });

  it("a saved locale wins over DEFAULT_LOCALE", async () => {
    vi.stubEnv("DEFAULT_LOCALE", "en");
    expect(await resetLinkTo("es")).toMatchObject({ language: "es", subject: "Restablece tu contraseña" });
    vi.stubEnv("DEFAULT_LOCALE", "es");
    expect(await resetLinkTo("en")).toMatchObject({ language: "en", subject: "Reset your password" });
  });

  it("the language of the request that caused it does not count: an invitation is in the new user's", async () => {
    vi.stubEnv("DEFAULT_LOCALE", undefined);
    vi.stubEnv("RESEND_API_KEY", undefined);
    const email = `invited-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const created = await api("POST", "/api/v1/auth/users", {
      token: admin.token,
      body: { email, full_name: "Pablo Ruiz" },
      headers: { "accept-language": "en-US,en;q=0.9", cookie: "NEXT_LOCALE=en" },
    });
    expect(created.status, created.text).toBe(201);
    const [item] = await outbox(email, "auth.invitation");
    expect(item).toMatchObject({ language: "es", subject: "Te invitaron a Funeral Cover" });
    expect(item.body).toContain("Hola Pablo Ruiz,");
    expect(item.body).toContain("El enlace funciona durante 7 días y una sola vez.");
  });
});
