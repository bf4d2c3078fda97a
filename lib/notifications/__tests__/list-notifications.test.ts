import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { notifications, type NotificationStatus } from "@/db/schema";
import { inProcessRunner } from "@/inngest/send";
import type { Permission } from "@/lib/auth/permissions";
import { inTransaction } from "@/lib/context";
import { enqueueNotification } from "@/lib/notifications/enqueue-notification";
import { createApiKey } from "@/lib/identity/create-api-key";
import { api } from "@/test/api";
import { createTestCompany, signInAs, systemCtx, type SignedIn } from "@/test/fixtures";

// GET /api/v1/notifications (contract section 11): the outbox, filtered, paginated, notifications:read.

let admin: SignedIn;
const run = randomUUID().slice(0, 8);
const alice = `alice-${run}@example.com`;
const bob = `bob-${run}@example.com`;

async function insertNotification(values: {
  recipient: string;
  template: string;
  status?: NotificationStatus;
  companyId?: string;
  createdAt?: Date;
}) {
  const [row] = await (
    await getDb()
  )
    .insert(notifications)
    .values({ channel: "EMAIL", payload: {}, status: values.status ?? "SENT", ...values })
    .returning();
  return row;
}

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  const base = Date.now() - 60_000;
  // Three for alice (two templates), one for bob, at distinct times so the order is known.
  await insertNotification({ recipient: alice, template: "account.welcome", createdAt: new Date(base) });
  await insertNotification({
    recipient: alice,
    template: "policy.expiring",
    status: "FAILED",
    createdAt: new Date(base + 1000),
  });
  await insertNotification({
    recipient: alice,
    template: "account.welcome",
    status: "SKIPPED",
    createdAt: new Date(base + 2000),
  });
  await insertNotification({ recipient: bob, template: "policy.expiring", createdAt: new Date(base + 3000) });
});

describe("GET /api/v1/notifications", () => {
  it("lists the outbox newest first in the paginated shape", async () => {
    const response = await api("GET", `/api/v1/notifications?recipient=${alice}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, page: 1, page_size: 50 });
    expect(response.body.items).toHaveLength(3);
    expect(
      response.body.items.map((item: { template: string; status: string }) => [item.template, item.status]),
    ).toEqual([
      ["account.welcome", "SKIPPED"],
      ["policy.expiring", "FAILED"],
      ["account.welcome", "SENT"],
    ]);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(
      [
        "attempts",
        "body",
        "channel",
        "created_at",
        "error",
        "id",
        "language",
        "payload",
        "recipient",
        "recipient_name",
        "sent_at",
        "status",
        "subject",
        "template",
      ].sort(),
    );
  });

  it("shows the language, subject and body each notification was written in (null on rows from before)", async () => {
    const recipient = `lang-${run}-es@example.com`;
    await inTransaction(await systemCtx(), (tx) =>
      enqueueNotification(tx, {
        channel: "EMAIL",
        recipient,
        template: "policy.expiring",
        language: "es",
        payload: { name: "Ana", policy_number: "FC-2026-000007", end_date: "2026-11-25" },
      }),
    );
    await insertNotification({ recipient, template: "account.welcome", createdAt: new Date(Date.now() - 120_000) });
    const response = await api("GET", `/api/v1/notifications?recipient=${recipient}`, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.items).toMatchObject([
      {
        template: "policy.expiring",
        language: "es",
        subject: "Tu póliza FC-2026-000007 termina el 25/11/2026",
        body: "Hola Ana,\n\nTu cobertura funeraria FC-2026-000007 termina el 25/11/2026. Contáctanos para renovarla y seguir con cobertura.",
      },
      { template: "account.welcome", language: null, subject: null, body: null },
    ]);
    await inProcessRunner().drain();
  });

  it("filters by recipient and template together", async () => {
    const response = await api("GET", `/api/v1/notifications?recipient=${alice}&template=policy.expiring`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items[0]).toMatchObject({ recipient: alice, template: "policy.expiring", status: "FAILED" });
  });

  it("filters by template alone across recipients", async () => {
    const response = await api("GET", `/api/v1/notifications?template=policy.expiring&page_size=200`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    const mine = response.body.items.filter((item: { recipient: string }) =>
      item.recipient.endsWith(`-${run}@example.com`),
    );
    expect(mine.map((item: { recipient: string }) => item.recipient).sort()).toEqual([alice, bob].sort());
    expect(response.body.items.every((item: { template: string }) => item.template === "policy.expiring")).toBe(true);
  });

  it("filters by status", async () => {
    const response = await api("GET", `/api/v1/notifications?recipient=${alice}&status=SKIPPED`, {
      token: admin.token,
    });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
    expect(response.body.items[0].status).toBe("SKIPPED");
  });

  it("pages with page and page_size, keeping the total", async () => {
    const second = await api("GET", `/api/v1/notifications?recipient=${alice}&page=2&page_size=2`, {
      token: admin.token,
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(second.body.items.map((item: { status: string }) => item.status)).toEqual(["SENT"]);
    const beyond = await api("GET", `/api/v1/notifications?recipient=${alice}&page=3&page_size=2`, {
      token: admin.token,
    });
    expect(beyond.body).toMatchObject({ items: [], total: 3, page: 3 });
  });

  it("refuses a page_size above 200 and an unknown status with 422", async () => {
    expect((await api("GET", "/api/v1/notifications?page_size=201", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/api/v1/notifications?page_size=200", { token: admin.token })).status).toBe(200);
    expect((await api("GET", "/api/v1/notifications?status=LOST", { token: admin.token })).status).toBe(422);
    expect((await api("GET", "/api/v1/notifications?page=0", { token: admin.token })).status).toBe(422);
  });

  it("refuses VENDEDOR and CLIENTE (403) and anonymous callers (401)", async () => {
    const seller = await signInAs("VENDEDOR");
    const client = await signInAs("CLIENTE");
    expect((await api("GET", "/api/v1/notifications", { token: seller.token })).status).toBe(403);
    expect((await api("GET", "/api/v1/notifications", { token: client.token })).status).toBe(403);
    const anonymous = await api("GET", "/api/v1/notifications");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("answers an API key by its permissions, showing only its own company's notifications", async () => {
    const ours = await createTestCompany();
    const theirs = await createTestCompany();
    const own = await insertNotification({
      recipient: `own-${run}@example.com`,
      template: "account.welcome",
      companyId: ours.id,
    });
    await insertNotification({
      recipient: `other-${run}@example.com`,
      template: "account.welcome",
      companyId: theirs.id,
    });
    const key = async (permissions: Permission[]) =>
      (await createApiKey({ ctx: await systemCtx(), input: { name: "CRM", permissions, company_id: ours.id } })).key;

    expect((await api("GET", "/api/v1/notifications", { apiKey: await key(["leads:read"]) })).status).toBe(403);
    const response = await api("GET", "/api/v1/notifications?page_size=200", {
      apiKey: await key(["notifications:read"]),
    });
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    expect(response.body.total).toBe(1);
  });

  // trust.md section 3: a key acts only inside its company. The account messages carry links that sign
  // in as their recipient, an ADMIN of the key's company among them: a key never lists them.
  it("never shows an API key the account messages (verification, invitation, reset), even its own company's", async () => {
    const ours = await createTestCompany();
    const own = await insertNotification({
      recipient: `staff-${run}@example.com`,
      template: "policy.expiring",
      companyId: ours.id,
    });
    const links = await Promise.all(
      ["auth.verify_email", "auth.invitation", "auth.password_reset"].map((template) =>
        insertNotification({ recipient: `admin-${run}@example.com`, template, status: "SKIPPED", companyId: ours.id }),
      ),
    );
    const { key } = await createApiKey({
      ctx: await systemCtx(),
      input: { name: "CRM", permissions: ["notifications:read"], company_id: ours.id },
    });
    const response = await api("GET", "/api/v1/notifications?page_size=200", { apiKey: key });
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { id: string }) => item.id)).toEqual([own.id]);
    const byAdmin = await api("GET", `/api/v1/notifications?recipient=admin-${run}@example.com`, {
      token: admin.token,
    });
    expect(byAdmin.body.items.map((item: { id: string }) => item.id).sort()).toEqual(links.map((row) => row.id).sort());
  });
});
