import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { UserActor } from "@/lib/auth/actor";
import { ownInsurerName } from "@/lib/emission/own-insurer-name";
import { createTestClient, createTestCompany, signInAs, uniqueEmail } from "@/test/fixtures";

// The portal's browser tab: the name of the client's insurer, the company of its client record.

function clientActor(email: string, isVerified = true): UserActor {
  return {
    kind: "user",
    locale: null,
    userId: randomUUID(),
    sessionId: randomUUID(),
    email,
    isVerified,
    companyId: randomUUID(),
    businessUnitId: null,
    roles: ["CLIENTE"],
    permissions: new Set(["portal:read"]),
  };
}

describe("ownInsurerName", () => {
  it("names the company of the client record with the user's e-mail, in any letter case", async () => {
    const insurer = await createTestCompany(`Funerales ${randomUUID().slice(0, 6)}`);
    const seller = await signInAs("VENDEDOR", { companyId: insurer.id });
    const email = uniqueEmail("tab");
    await createTestClient(seller, { email });
    expect(await ownInsurerName(clientActor(email.toUpperCase()))).toBe(insurer.name);
  });

  it("is null for an unverified user and for a user no client record has", async () => {
    const seller = await signInAs("VENDEDOR");
    const email = uniqueEmail("unverified");
    await createTestClient(seller, { email });
    expect(await ownInsurerName(clientActor(email, false))).toBeNull();
    expect(await ownInsurerName(clientActor(uniqueEmail("nobody")))).toBeNull();
  });
});
