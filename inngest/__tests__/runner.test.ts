import { afterEach, describe, expect, it, vi } from "vitest";
import type { BackgroundFunction, FunctionInput, Trigger } from "@/inngest/define";
import { backgroundFunctions } from "@/inngest/index";
import { InProcessRunner } from "@/inngest/runner";

// The runner that executes the background functions inside the server when no Inngest server is set.

afterEach(() => {
  vi.restoreAllMocks();
});

/** A background function for the runner to execute, recording every call of its handler. */
function recorder(
  id: string,
  trigger: Trigger,
  handler: (input: FunctionInput) => Promise<unknown> = async () => "done",
  retries = 2,
) {
  const calls: FunctionInput[] = [];
  const fn: BackgroundFunction = {
    id,
    trigger,
    retries,
    handler: async (input) => {
      calls.push(input);
      return handler(input);
    },
    // The runner never touches the Inngest side.
    inngestFunction: undefined as unknown as BackgroundFunction["inngestFunction"],
  };
  return { fn, calls };
}

const created = {
  name: "notifications/notification.created",
  data: { notification_id: "8c0a2f4e-1b7d-4f1e-9a51-3c1c2b7d9e10" },
} as const;

describe("InProcessRunner", () => {
  it("dispatches an event only to the functions triggered by it", async () => {
    const listener = recorder("listener", { event: "notifications/notification.created" });
    const second = recorder("second-listener", { event: "notifications/notification.created" });
    const other = recorder("other", { event: "payments/webhook.received" as never });
    const cron = recorder("cron", { cron: "* * * * *" });
    const runner = new InProcessRunner([listener.fn, other.fn, cron.fn, second.fn], 1);

    runner.dispatch(created);
    await runner.drain();

    expect(listener.calls).toHaveLength(1);
    expect(listener.calls[0].event).toEqual(created);
    expect(listener.calls[0].attempt).toBe(0);
    expect(second.calls).toHaveLength(1);
    expect(other.calls).toHaveLength(0);
    expect(cron.calls).toHaveLength(0);
  });

  it("retries a failing function up to its retries, then stops and logs", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const failing = recorder(
      "always-fails",
      { event: "notifications/notification.created" },
      async () => {
        throw new Error("provider down");
      },
      3,
    );
    const runner = new InProcessRunner([failing.fn], 1);
    runner.dispatch(created);
    await runner.drain();

    expect(failing.calls.map((call) => call.attempt)).toEqual([0, 1, 2, 3]);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(String(logged.mock.calls[0][0])).toContain("always-fails: its 4 quick attempts failed");
  });

  it("stops retrying at the first success", async () => {
    let failuresLeft = 2;
    const flaky = recorder("flaky", { event: "notifications/notification.created" }, async () => {
      if (failuresLeft-- > 0) throw new Error("not yet");
      return "ok";
    });
    const runner = new InProcessRunner([flaky.fn], 1);
    runner.dispatch(created);
    await runner.drain();
    expect(flaky.calls.map((call) => call.attempt)).toEqual([0, 1, 2]);
  });

  it("does not retry a function with retries: 0", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const once = recorder("once", { cron: "* * * * *" }, async () => Promise.reject(new Error("no")), 0);
    const runner = new InProcessRunner([once.fn], 1);
    await runner.run(once.fn, { name: "inngest/scheduled.timer", data: {} });
    expect(once.calls).toHaveLength(1);
  });

  it("waits longer before each retry (exponential back-off)", async () => {
    const times: number[] = [];
    const failing = recorder(
      "backoff",
      { event: "notifications/notification.created" },
      async () => {
        times.push(performance.now());
        throw new Error("down");
      },
      3,
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    const runner = new InProcessRunner([failing.fn], 20);
    runner.dispatch(created);
    await runner.drain();
    const gaps = times.slice(1).map((time, i) => time - times[i]);
    // 20, 40 and 80 ms, give or take the timer's precision.
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[1]).toBeGreaterThanOrEqual(38);
    expect(gaps[2]).toBeGreaterThanOrEqual(78);
  });

  it("memoizes successful steps across retries: only the failed step runs again", async () => {
    const ran = { reserve: 0, charge: 0, receipt: 0 };
    let chargeFailures = 1;
    const steps = recorder("steps", { event: "notifications/notification.created" }, async ({ step }) => {
      const reservation = await step.run("reserve", async () => {
        ran.reserve++;
        return { id: `r-${ran.reserve}` };
      });
      const charge = await step.run("charge", async () => {
        ran.charge++;
        if (chargeFailures-- > 0) throw new Error("card processor timeout");
        return `charged ${reservation.id}`;
      });
      return step.run("receipt", async () => {
        ran.receipt++;
        return `${charge} with receipt`;
      });
    });
    const runner = new InProcessRunner([steps.fn], 1);
    runner.dispatch(created);
    await runner.drain();

    expect(steps.calls).toHaveLength(2);
    expect(ran).toEqual({ reserve: 1, charge: 2, receipt: 1 });
    // The retry saw the first attempt's reservation, not a new one.
    await expect(steps.calls[1].step.run("reserve", async () => ({ id: "fresh" }))).resolves.toEqual({ id: "r-1" });
  });

  it("keeps the steps of separate runs apart", async () => {
    let counter = 0;
    const values: number[] = [];
    const fn = recorder("separate", { event: "notifications/notification.created" }, async ({ step }) => {
      values.push(await step.run("count", async () => ++counter));
    });
    const runner = new InProcessRunner([fn.fn], 1);
    runner.dispatch(created);
    runner.dispatch(created);
    await runner.drain();
    expect(values.sort()).toEqual([1, 2]);
  });

  it("drain waits for every run started, retries included", async () => {
    let finished = false;
    let failures = 1;
    const slow = recorder("slow", { event: "notifications/notification.created" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (failures-- > 0) throw new Error("once");
      finished = true;
    });
    const runner = new InProcessRunner([slow.fn], 5);
    runner.dispatch(created);
    expect(finished).toBe(false);
    await runner.drain();
    expect(finished).toBe(true);
  });

  it("fires a cron function at the minute its expression matches", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "setInterval", "clearTimeout", "Date"] });
    try {
      vi.setSystemTime(new Date("2026-03-09T08:59:30Z"));
      const daily = recorder("daily", { cron: "0 9 * * *" });
      const everyMinute = recorder("every-minute", { cron: "* * * * *" });
      const listener = recorder("listener", { event: "notifications/notification.created" });
      const runner = new InProcessRunner([daily.fn, everyMinute.fn, listener.fn], 1);
      runner.startCrons();
      await vi.advanceTimersByTimeAsync(30_000); // 09:00
      await vi.advanceTimersByTimeAsync(60_000); // 09:01
      runner.stop();
      await runner.drain();
      expect(daily.calls).toHaveLength(1);
      expect(daily.calls[0].event).toEqual({ name: "inngest/scheduled.timer", data: { cron: "0 9 * * *" } });
      expect(everyMinute.calls).toHaveLength(2);
      expect(listener.calls).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the service's background functions", () => {
  it("each has an id, a trigger and an Inngest function with the same id and retries", () => {
    expect(backgroundFunctions.length).toBeGreaterThanOrEqual(2);
    const ids = backgroundFunctions.map((fn) => fn.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const fn of backgroundFunctions) {
      expect(fn.inngestFunction, fn.id).toBeDefined();
      expect(fn.inngestFunction.id(), fn.id).toBe(fn.id);
      expect(fn.inngestFunction.opts.retries, fn.id).toBe(fn.retries);
      expect(fn.inngestFunction.opts.triggers, fn.id).toEqual([fn.trigger]);
    }
  });

  it("delivers notifications on the event and sweeps the outbox every minute", () => {
    const byId = new Map(backgroundFunctions.map((fn) => [fn.id, fn]));
    expect(byId.get("deliver-notification")?.trigger).toEqual({ event: "notifications/notification.created" });
    expect(byId.get("sweep-notification-outbox")?.trigger).toEqual({ cron: "* * * * *" });
  });

  it("syncs leads to the CRM on the event and sweeps the failed or lost syncs every minute", () => {
    const byId = new Map(backgroundFunctions.map((fn) => [fn.id, fn]));
    expect(byId.get("sync-lead-to-crm")?.trigger).toEqual({ event: "leads/lead.crm-sync-requested" });
    expect(byId.get("sweep-crm-sync")?.trigger).toEqual({ cron: "* * * * *" });
  });
});

describe("InProcessRunner concurrency", () => {
  const event = (id: string) =>
    ({ name: "notifications/notification.created", data: { notification_id: id } }) as const;

  it("runs at most `concurrency` attempts at once and starts the waiting ones as places free up", async () => {
    let running = 0;
    let most = 0;
    const slow = recorder("slow", { event: "notifications/notification.created" }, async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 20));
      running--;
    });
    const runner = new InProcessRunner([slow.fn], 1, 2);
    for (let index = 0; index < 7; index++) runner.dispatch(event(String(index)));
    await runner.drain();
    expect(slow.calls).toHaveLength(7);
    expect(most).toBe(2);
  });

  it("gives its place back while a failed attempt waits to retry", async () => {
    const order: string[] = [];
    let failures = 1;
    const flaky = recorder(
      "flaky",
      { event: "notifications/notification.created" },
      async ({ event: received }) => {
        order.push(`start ${received.data.notification_id}`);
        if (received.data.notification_id === "a" && failures-- > 0) throw new Error("first attempt fails");
      },
      1,
    );
    const runner = new InProcessRunner([flaky.fn], 30, 1);
    runner.dispatch(event("a"));
    runner.dispatch(event("b"));
    await runner.drain();
    expect(order).toEqual(["start a", "start b", "start a"]);
  });
});
