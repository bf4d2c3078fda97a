import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { notifications } from "@/db/schema";
import { api } from "@/test/api";
import { createTestClient, signInAs, uniqueEmail, type SignedIn } from "@/test/fixtures";

// docs/names.md: a notification keeps its recipient's address and names whom it belongs to
// (`recipient_name`): the client's name, else the user's (its e-mail when it has none).

let admin: SignedIn;
let seller: SignedIn;

beforeAll(async () => {
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR", { fullName: "Sofía Ramírez" });
});

async function recipientNameOf(recipient: string): Promise<string | null> {
  await (
    await getDb()
  )
    .insert(notifications)
    .values({ channel: "EMAIL", recipient, template: "policy.expiring", payload: {}, status: "SENT" });
  const response = await api("GET", `/api/v1/notifications?${new URLSearchParams({ recipient })}`, {
    token: admin.token,
  });
  expect(response.status).toBe(200);
  expect(response.body.items).toHaveLength(1);
  return response.body.items[0].recipient_name;
}

describe("GET /api/v1/notifications: recipient_name", () => {
  it("names a client by first and last name, whatever the letter case of the address", async () => {
    const client = await createTestClient(seller, { first_name: "Lucía", last_name: "Núñez" });
    expect(await recipientNameOf(client.email.toUpperCase())).toBe("Lucía Núñez");
  });

  it("names a user by the full name, or by the e-mail when the user has none", async () => {
    expect(await recipientNameOf(seller.user.email)).toBe("Sofía Ramírez");
    expect(await recipientNameOf(admin.user.email)).toBe(admin.user.email);
  });

  it("leaves an unknown address or a phone number without a name", async () => {
    expect(await recipientNameOf(uniqueEmail("nobody"))).toBeNull();
    expect(await recipientNameOf("+525512345678")).toBeNull();
  });
});
