import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/test/api";
import { createSellableVersion, createTestClient, signInAs, systemCtx, type SignedIn } from "@/test/fixtures";
import { addDays, addMonths } from "@/lib/emission/premium-dates";
import { getPolicy } from "@/lib/emission/get-policy";
import { runLifecycle } from "@/lib/lifecycle/run-lifecycle";
import { money } from "@/lib/money";

// lifecycle.md as one policy lives it: issued, paid two months, missed, in arrears, lapsed, reinstated by
// paying the arrears, endorsed, renewed a year later with a child aged into a surcharge band, then
// cancelled, with the daily run called for every one of its 540 days. The clock is the test's: each day
// is "today" for the run and for every request made on it. Runs on PGlite and on PostgreSQL alike.

const DAYS = 540;

type Policy = {
  id: string;
  status: string;
  final_price: string;
  paid_to_date: string | null;
  lapsed_on: string | null;
  reinstated_on: string | null;
  term_number: number;
  end_date: string;
  status_history: Array<{ from_status: string | null; to_status: string; effective_date: string; reason: string }>;
  beneficiaries: Array<{ id: string; first_name: string; price: string; age_at_term_start: number }>;
};

const realToday = new Date().toISOString().slice(0, 10);
/** Day `n` of the policy's life (day 0: it is issued, to start the next day). */
const day = (n: number) => addDays(realToday, n);

let admin: SignedIn;
let seller: SignedIn;

/** Makes `date` today (noon UTC) for the run, the services and the tokens signed from now on. */
async function travelTo(date: string) {
  vi.setSystemTime(new Date(`${date}T12:00:00Z`));
  // Tokens last minutes: sign in again on every day something is done.
  const login = async (email: string, password: string) => {
    const response = await api("POST", "/api/v1/auth/login", { body: { email, password } });
    expect(response.status, response.text).toBe(200);
    return response.body.access_token as string;
  };
  admin = { ...admin, token: await login(admin.user.email, admin.user.password) };
  seller = { ...seller, token: await login(seller.user.email, seller.user.password) };
}

async function readPolicy(id: string): Promise<Policy> {
  const response = await api("GET", `/api/v1/emission/policies/${id}`, { token: admin.token });
  expect(response.status, response.text).toBe(200);
  return response.body;
}

async function pay(policyId: string, amount: string) {
  const response = await api("POST", "/api/v1/payments/manual", {
    token: admin.token,
    body: { policy_id: policyId, amount, reference: `scenario ${amount}` },
  });
  expect(response.status, response.text).toBe(201);
}

async function runDay(date: string) {
  return runLifecycle({ ctx: await systemCtx(), input: { as_of: date } });
}

describe("one policy through a year and a half of days (lifecycle.md)", () => {
  beforeAll(async () => {
    admin = await signInAs("ADMIN");
    seller = await signInAs("VENDEDOR");
    vi.useFakeTimers({ toFake: ["Date"] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("issues, lapses, reinstates, endorses, renews and cancels, each on its day", { timeout: 600_000 }, async () => {
    await travelTo(day(0));
    // A child turning 18 during the first term ages into the 18-25 band (+20%) at the renewal.
    const childBirth = addDays(day(200), -18 * 365 - 5);
    const { version } = await createSellableVersion({
      age_surcharges: [
        { min_age: 18, max_age: 25, percentage: "20" },
        { min_age: 60, max_age: 70, percentage: "50" },
      ],
      grace_period_days: 30,
      reinstatement_window_days: 90,
      cooling_off_days: 30,
    });
    const client = await createTestClient(seller);
    const issued = await api("POST", "/api/v1/emission/issue", {
      token: seller.token,
      body: {
        client_id: client.id,
        plan_version_id: version.id,
        start_date: day(1),
        beneficiaries: [
          { first_name: "Ana", last_name: "Pérez", kinship_type: "SELF", date_of_birth: "1985-03-01" },
          { first_name: "Luis", last_name: "Pérez", kinship_type: "CHILD", date_of_birth: childBirth },
        ],
      },
    });
    expect(issued.status, issued.text).toBe(201);
    const policyId: string = issued.body.id;
    const premium = issued.body.final_price as string;
    expect(premium).toBe("50.00");
    const start = day(1);

    // Two months paid on the first day: covered to the end of the second month of cover.
    await travelTo(start);
    await pay(policyId, money(premium).times(2).toFixed(2));
    let policy = await readPolicy(policyId);
    expect(policy.status).toBe("ACTIVE");
    const paidTo = policy.paid_to_date!;
    expect(paidTo).toBe(addDays(addMonths(start, 2), -1));

    const seen: Record<string, string> = {};
    let reinstatedDay = 0;
    let endorsedDay = 0;
    for (let n = 1; n <= DAYS; n++) {
      const today = day(n);
      vi.setSystemTime(new Date(`${today}T12:00:00Z`));
      await runDay(today);
      policy = (await getPolicy({ ctx: await systemCtx(), policyId })) as Policy;
      seen[policy.status] ??= today;

      // Lapsed: the arrears are paid some days later, inside the window.
      if (policy.status === "LAPSED" && reinstatedDay === 0 && today >= addDays(policy.lapsed_on!, 9)) {
        await travelTo(today);
        const account = await api("GET", `/api/v1/emission/policies/${policyId}/account`, { token: admin.token });
        expect(account.status, account.text).toBe(200);
        await pay(policyId, money(account.body.arrears_amount).plus(premium).toFixed(2));
        policy = await readPolicy(policyId);
        expect(policy.status).toBe("ACTIVE");
        expect(policy.reinstated_on).toBe(today);
        reinstatedDay = n;
      }
      // A month after the reinstatement a parent is added, priced at its age today.
      if (reinstatedDay > 0 && endorsedDay === 0 && n === reinstatedDay + 30) {
        await travelTo(today);
        const endorsed = await api("POST", `/api/v1/emission/policies/${policyId}/endorsements`, {
          token: seller.token,
          body: {
            add: [{ first_name: "Rosa", last_name: "Díaz", kinship_type: "PARENT", date_of_birth: "1961-06-01" }],
            reason: "the client's mother joins",
          },
        });
        expect(endorsed.status, endorsed.text).toBe(201);
        expect(endorsed.body.endorsement.premium_before).toBe("50.00");
        expect(money(endorsed.body.endorsement.premium_after).gt(premium)).toBe(true);
        endorsedDay = n;
      }
      // From the reinstatement on, the client pays each premium on the last day the one before covers.
      if (reinstatedDay > 0 && policy.status !== "CANCELLED" && policy.paid_to_date! <= today) {
        await travelTo(today);
        await pay(policyId, policy.final_price);
        policy = (await getPolicy({ ctx: await systemCtx(), policyId })) as Policy;
      }
      // Cancelled by the client's request half a year into the second term: no refund (outside cooling-off).
      if (n === 500) {
        await travelTo(today);
        const cancelled = await api("POST", `/api/v1/emission/policies/${policyId}/cancel`, {
          token: admin.token,
          body: { reason_code: "CLIENT_REQUEST", reason: "moving to another insurer" },
        });
        expect(cancelled.status, cancelled.text).toBe(200);
        expect(cancelled.body.refund_amount).toBe("0.00");
      }
    }

    // Arrears the day after the paid-to date, lapse after the 30 days of grace.
    expect(seen.IN_ARREARS).toBe(addDays(paidTo, 1));
    expect(seen.LAPSED).toBe(addDays(paidTo, 31));
    expect(reinstatedDay).toBeGreaterThan(0);
    expect(endorsedDay).toBeGreaterThan(0);

    await travelTo(day(DAYS));
    policy = await readPolicy(policyId);
    expect(policy.status).toBe("CANCELLED");
    expect(policy.term_number).toBe(2);
    const moves = policy.status_history.map(
      (row) => `${row.from_status ?? "-"}>${row.to_status}@${row.effective_date}`,
    );
    expect(moves).toEqual([
      `->PENDING_PAYMENT@${day(0)}`,
      `PENDING_PAYMENT>ACTIVE@${start}`,
      `ACTIVE>IN_ARREARS@${addDays(paidTo, 1)}`,
      `IN_ARREARS>LAPSED@${addDays(paidTo, 31)}`,
      `LAPSED>ACTIVE@${day(reinstatedDay)}`,
      `ACTIVE>CANCELLED@${day(500)}`,
    ]);

    // Renewed at the anniversary: the child is now 18 or over and pays the +20% band.
    const terms = await api("GET", `/api/v1/emission/policies/${policyId}/terms`, { token: admin.token });
    expect(terms.status, terms.text).toBe(200);
    expect(terms.body.map((term: { term_number: number }) => term.term_number)).toEqual([1, 2]);
    expect(terms.body[1].start_date).toBe(addDays(terms.body[0].end_date, 1));
    const child = policy.beneficiaries.find((life) => life.first_name === "Luis")!;
    expect(child.age_at_term_start).toBeGreaterThanOrEqual(18);
    expect(child.price).toBe("30.00");
  });
});
