import { beforeAll, describe, expect, it } from "vitest";
import { inProcessRunner } from "@/inngest/send";
import { stripeEvent } from "@/test/fakes/stripe-events";
import { signInAs, type SignedIn } from "@/test/fixtures";
import {
  countEvents,
  deliverEvent,
  historyOf,
  invoiceEvent,
  issueSubscribedPolicy,
  policyStatus,
  storedEvent,
  transactionsOf,
  withFakeStripe,
} from "./helpers";

// Duplicate deliveries at the same instant. On the PostgreSQL server (TEST_DATABASE_URL) the ten requests
// and their background runs really overlap on separate connections; on PGlite they queue on its one
// connection, and the same answers hold.

withFakeStripe();

let seller: SignedIn;

beforeAll(async () => {
  seller = await signInAs("VENDEDOR");
});

describe("concurrent webhook deliveries", () => {
  it("the same signed event delivered 10 times at once: all acknowledged, one row, processed once", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const paid = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliverEvent(paid)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    await inProcessRunner().drain();

    expect(await countEvents(paid.id)).toBe(1);
    expect(await storedEvent(paid.id)).toMatchObject({ status: "PROCESSED", attempts: 1 });
    expect(await policyStatus(policy.id)).toBe("ACTIVE");
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
    expect(await transactionsOf(policy.id)).toHaveLength(1);
  });

  it("ten distinct events about one invoice at once (the processor's own retries): one transaction, one move", async () => {
    const { policy, subscription } = await issueSubscribedPolicy(seller);
    const first = invoiceEvent("invoice.paid", policy.id, 2500, { subscription });
    const events = Array.from({ length: 10 }, () =>
      stripeEvent("invoice.paid", first.data.object as { object: string }, { created: first.created }),
    );
    const responses = await Promise.all(events.map((event) => deliverEvent(event)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    await inProcessRunner().drain();

    for (const event of events) expect((await storedEvent(event.id)).status).toBe("PROCESSED");
    expect((await historyOf(policy.id)).map((row) => row.toStatus)).toEqual(["PENDING_PAYMENT", "ACTIVE"]);
    const transactions = await transactionsOf(policy.id);
    expect(transactions.map((row) => [row.kind, row.status, row.amount])).toEqual([["INVOICE", "PAID", "25.00"]]);
  });
});
