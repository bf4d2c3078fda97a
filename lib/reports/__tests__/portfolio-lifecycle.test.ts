import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { todayUtc } from "@/lib/emission/dates";
import { addDays, addMonths } from "@/lib/emission/premium-dates";
import { runLifecycle } from "@/lib/lifecycle/run-lifecycle";
import { getPortfolio } from "@/lib/reports/get-portfolio";
import { api } from "@/test/api";
import {
  createSellableVersion,
  createTestClient,
  createTestCompany,
  payTestPolicy,
  signInAs,
  systemCtx,
  type SignedIn,
} from "@/test/fixtures";

// The report reads the lifecycle's effective dates (reports.md section 1): a catch-up run that finds a
// policy late dates its moves on the days they took effect, and the report's past follows. Its own file:
// the run moves every policy of the database.

let admin: SignedIn;
let seller: SignedIn;
let companyId: string;

beforeAll(async () => {
  companyId = (await createTestCompany()).id;
  admin = await signInAs("ADMIN");
  seller = await signInAs("VENDEDOR", { companyId });
});

afterAll(() => {
  vi.useRealTimers();
});

const reportOn = async (asOf: string) =>
  getPortfolio({ ctx: await systemCtx(), query: { as_of: asOf, company_id: companyId } });
/** The whole book, read the other way (one scan of the history rather than a look-up per policy). */
const wholeBookOn = async (asOf: string) => getPortfolio({ ctx: await systemCtx(), query: { as_of: asOf } });

describe("a catch-up run of the lifecycle", () => {
  it("moves the report's past by the effective dates of its moves", async () => {
    const start = todayUtc();
    const { version } = await createSellableVersion({ grace_period_days: 30 });
    const client = await createTestClient(seller);
    const issued = await api("POST", "/api/v1/emission/issue", {
      token: seller.token,
      body: {
        client_id: client.id,
        plan_version_id: version.id,
        start_date: start,
        beneficiaries: [{ first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" }],
      },
    });
    expect(issued.status, issued.text).toBe(201);
    const paid = await payTestPolicy(admin, issued.body.id);
    const paidTo = addDays(addMonths(start, 1), -1);
    expect(paid.paid_to_date).toBe(paidTo);

    // 60 days after the paid-to date nobody ran the lifecycle: the report still sees it ACTIVE.
    const late = addDays(paidTo, 60);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(`${late}T12:00:00Z`));
    expect((await reportOn(late)).policies.by_status.ACTIVE).toBe(1);

    // One catch-up run: in arrears from paidTo + 1, lapsed from paidTo + 31.
    const run = await runLifecycle({ ctx: await systemCtx(), input: { as_of: late } });
    expect(run.moved).toMatchObject({ in_arrears: 1, lapsed: 1 });

    const inGrace = await reportOn(addDays(paidTo, 10));
    expect(inGrace.policies.by_status).toMatchObject({ ACTIVE: 0, IN_ARREARS: 1, LAPSED: 0 });
    expect(inGrace.policies.in_force).toBe(1);

    const lapsedOn = addDays(paidTo, 31);
    const lapsed = await reportOn(lapsedOn);
    expect(lapsed.policies.by_status).toMatchObject({ ACTIVE: 0, IN_ARREARS: 0, LAPSED: 1 });
    expect(lapsed.policies.in_force).toBe(0);

    // This file's database holds no other policy: the whole book is the company's.
    for (const day of [addDays(paidTo, 10), lapsedOn, late])
      expect(await wholeBookOn(day)).toEqual(await reportOn(day));

    const now = await reportOn(late);
    expect(now.lapses.find((row) => row.month === lapsedOn.slice(0, 7))).toMatchObject({ lapsed: 1, reinstated: 0 });
    expect(now.new_business.find((row) => row.month === start.slice(0, 7))).toMatchObject({ policies: 1 });
    // Nobody was in force a year before; nobody started 13 months before.
    expect(now.lapse_rate_12m).toBeNull();
    expect(now.persistency_13m).toBeNull();
  });
});
