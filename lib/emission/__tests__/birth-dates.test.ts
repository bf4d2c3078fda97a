import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { clients } from "@/db/schema";
import { BirthDate } from "@/lib/emission/schemas";
import { issueCode } from "@/lib/i18n/issue-code";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  dateFromToday,
  issueTestPolicy,
  payTestPolicy,
  signInAs,
  uniqueEmail,
  type SignedIn,
} from "@/test/fixtures";
import { emissionCounts, issueBody, issueViaApi, person } from "./helpers";

// Issue 21 point 3: a birth date after today cannot be true. Every input that takes one (a client, a
// life at issue, by bulk upload, by endorsement) answers 422 with the item's path and the code
// `date_in_future`, through the one BirthDate schema; today itself is taken.

let admin: SignedIn;
let seller: SignedIn;
let versionId: string;
const today = dateFromToday(0);
const tomorrow = dateFromToday(1);
const futureItem = (path: string) => ({
  path,
  message: `must not be after today (${today} UTC)`,
  code: "date_in_future",
});

beforeAll(async () => {
  [admin, seller] = await Promise.all([signInAs("ADMIN"), signInAs("VENDEDOR")]);
  versionId = (await createSellableVersion()).version.id;
});

function clientBody(birthDate: string) {
  return {
    first_name: "Futura",
    last_name: "Nacida",
    email: uniqueEmail("born"),
    birth_date: birthDate,
    nationality: "MX",
    country_of_residence: "MX",
  };
}

async function clientsWithEmail(email: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ n: count() }).from(clients).where(eq(clients.email, email)))[0].n;
}

describe("the BirthDate schema", () => {
  it("takes today and any earlier day, refuses tomorrow with date_in_future, and leaves bad text to DateOnly", () => {
    expect(BirthDate.safeParse(today).success).toBe(true);
    expect(BirthDate.safeParse("1900-01-01").success).toBe(true);
    const refused = BirthDate.safeParse(tomorrow);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ code: "custom", params: { code: "date_in_future" } }),
    ]);
    // A malformed date has its own problem only, not a second "in the future" one.
    expect(BirthDate.safeParse("2999-02-30").error?.issues.map((issue) => issueCode(issue).code)).toEqual([
      "invalid_date",
    ]);
  });
});

describe("POST /api/v1/emission/clients", () => {
  it("refuses a birth date after today (422 date_in_future on birth_date) and stores nothing", async () => {
    const body = clientBody(tomorrow);
    const response = await api("POST", "/api/v1/emission/clients", { token: seller.token, body });
    expect(response.status, response.text).toBe(422);
    expect(response.body.detail).toBe(`invalid body 'birth_date': must not be after today (${today} UTC)`);
    expect(response.body.errors).toEqual([futureItem("birth_date")]);
    expect(await clientsWithEmail(body.email)).toBe(0);
  });

  it("takes a birth date of today (201)", async () => {
    const response = await api("POST", "/api/v1/emission/clients", { token: seller.token, body: clientBody(today) });
    expect(response.status, response.text).toBe(201);
    expect(response.body.birth_date).toBe(today);
  });
});

describe("POST /api/v1/emission/issue", () => {
  it("refuses a life born after today even when born before the start date (422 on its path), storing nothing", async () => {
    const client = await createTestClient(seller);
    const before = await emissionCounts();
    const response = await issueViaApi(
      seller.token,
      issueBody(client.id, versionId, {
        start_date: dateFromToday(10),
        beneficiaries: [
          person(),
          person({ kinship_type: "CHILD", first_name: "Leo", date_of_birth: dateFromToday(2) }),
        ],
      }),
    );
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([futureItem("beneficiaries.1.date_of_birth")]);
    expect(await emissionCounts()).toEqual(before);
  });
});

describe("POST /api/v1/emission/bulk-upload", () => {
  it("refuses a row born after today (422 naming its row and column)", async () => {
    const client = await createTestClient(seller);
    const form = new FormData();
    const csv = `first_name,last_name,date_of_birth,kinship_type,country_of_residence\nAna,Pérez,1985-03-01,SELF,\nLeo,Pérez,${tomorrow},CHILD,\n`;
    form.set("file", new Blob([csv]), "beneficiaries.csv");
    form.set("client_id", client.id);
    form.set("plan_version_id", versionId);
    form.set("start_date", dateFromToday(1));
    const response = await api("POST", "/api/v1/emission/bulk-upload", { token: seller.token, rawBody: form });
    expect(response.status, response.text).toBe(422);
    expect(response.body.errors).toEqual([
      { row: 3, column: "date_of_birth", message: `must not be after today (${today} UTC)`, code: "date_in_future" },
    ]);
  });
});

describe("POST /api/v1/emission/policies/{id}/endorsements", () => {
  it("refuses adding a life born after today (422 on add.0.date_of_birth), and takes one born today", async () => {
    const { policy } = await issueTestPolicy(seller, { versionId });
    await payTestPolicy(admin, policy.id);
    const endorse = (dateOfBirth: string) =>
      api("POST", `/api/v1/emission/policies/${policy.id}/endorsements`, {
        token: seller.token,
        body: {
          add: [person({ kinship_type: "CHILD", first_name: "Leo", date_of_birth: dateOfBirth })],
          reason: "birth",
        },
      });
    const refused = await endorse(tomorrow);
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual([futureItem("add.0.date_of_birth")]);
    const taken = await endorse(today);
    expect(taken.status, taken.text).toBe(201);
  });
});
