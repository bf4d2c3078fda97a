import { createHmac } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyForVisitor } from "@/lib/emission/certificate/verify-for-visitor";
import { verificationToken, verificationUrl } from "@/lib/emission/verification";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  dateFromToday,
  payTestPolicy,
  signInAs,
  type SignedIn,
} from "@/test/fixtures";
import { issueBody, issueViaApi } from "./helpers";

// The verification link of the certificate's QR code (contract section 6): GET /api/v1/public/verify/{token}
// and the /verify/{token} page's reading of it. Public, signed by the server, nothing personal beyond initials.

let admin: SignedIn;
let seller: SignedIn;
let versionId: string;

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
  ({
    version: { id: versionId },
  } = await createSellableVersion());
});

/** A policy of a new client "Ana María Pérez", starting `startInDays` from today (UTC), ACTIVE by its first premium when asked. */
async function policyOf(options: { startInDays: number; status?: "ACTIVE" }) {
  const client = await createTestClient(seller, { first_name: "Ana María", last_name: "Pérez" });
  const issued = await issueViaApi(
    seller.token,
    issueBody(client.id, versionId, { start_date: dateFromToday(options.startInDays) }),
  );
  expect(issued.status, issued.text).toBe(201);
  if (options.status) expect((await payTestPolicy(admin, issued.body.id)).status).toBe(options.status);
  return {
    client,
    policy: issued.body as {
      id: string;
      policy_number: string;
      client_id: string;
      start_date: string;
      end_date: string;
    },
  };
}

function verify(token: string) {
  return api("GET", `/api/v1/public/verify/${encodeURIComponent(token)}`);
}

/** A token of the right shape for `policyId`, signed with another key than the server's. */
function tokenSignedWith(secret: string, policyId: string): string {
  const id = Buffer.from(policyId.replace(/-/g, ""), "hex");
  const signature = createHmac("sha256", secret).update("policy-verification:").update(id).digest().subarray(0, 16);
  return `${id.toString("base64url")}.${signature.toString("base64url")}`;
}

describe("GET /api/v1/public/verify/{token}", () => {
  it("answers an ACTIVE policy within its dates as in force, with exactly the public fields and initials only", async () => {
    const { policy, client } = await policyOf({ startInDays: 0, status: "ACTIVE" });
    const response = await verify(verificationToken(policy.id));
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      policy_number: policy.policy_number,
      status: "ACTIVE",
      in_force: true,
      valid_from: policy.start_date,
      valid_to: policy.end_date,
      holder_initials: "A. M. P.",
      plan_name: "Essential",
    });
    for (const personal of ["Ana", "María", "Pérez", client.email, policy.id, policy.client_id])
      expect(response.text).not.toContain(personal);
  });

  it("answers in_force false while the policy is PENDING_PAYMENT, and for an ACTIVE policy that starts tomorrow", async () => {
    const pending = await policyOf({ startInDays: 0 });
    const pendingAnswer = await verify(verificationToken(pending.policy.id));
    expect(pendingAnswer.status).toBe(200);
    expect(pendingAnswer.body).toMatchObject({ status: "PENDING_PAYMENT", in_force: false });

    const later = await policyOf({ startInDays: 1, status: "ACTIVE" });
    const laterAnswer = await verify(verificationToken(later.policy.id));
    expect(laterAnswer.status).toBe(200);
    expect(laterAnswer.body).toMatchObject({ status: "ACTIVE", in_force: false, valid_from: dateFromToday(1) });
  });

  it("answers 404 to a tampered token, a token signed with another secret, a malformed token and an unknown policy", async () => {
    const { policy } = await policyOf({ startInDays: 0, status: "ACTIVE" });
    const token = verificationToken(policy.id);
    const [idPart, signature] = token.split(".");
    const flipped = `${idPart}.${signature[0] === "A" ? "B" : "A"}${signature.slice(1)}`;
    const otherId = `${idPart[0] === "A" ? "B" : "A"}${idPart.slice(1)}.${signature}`;
    const forged = tokenSignedWith("another-secret-of-at-least-thirty-two-characters", policy.id);
    const unknownPolicy = verificationToken("00000000-0000-4000-8000-000000000000");
    for (const bad of [flipped, otherId, forged, "not-a-token", `${token}x`, token.replace(".", ""), unknownPolicy]) {
      const response = await verify(bad);
      expect(response.status, bad).toBe(404);
      expect(response.body.detail).toBe("policy not found");
    }
  });

  it("is what the QR code's link names: the verification URL carries the same token under /verify/", async () => {
    const { policy } = await policyOf({ startInDays: 0, status: "ACTIVE" });
    const url = new URL(verificationUrl(policy.id));
    expect(url.pathname).toBe(`/verify/${verificationToken(policy.id)}`);
  });
});

describe("verifyForVisitor (the /verify/{token} page)", () => {
  it("reads the same standing as the JSON for a valid token, and null for a forged or malformed one", async () => {
    const { policy } = await policyOf({ startInDays: 0, status: "ACTIVE" });
    const token = verificationToken(policy.id);
    expect(await verifyForVisitor(token)).toEqual((await verify(token)).body);
    expect(
      await verifyForVisitor(tokenSignedWith("another-secret-of-at-least-thirty-two-characters", policy.id)),
    ).toBeNull();
    expect(await verifyForVisitor("not-a-token")).toBeNull();
  });
});
