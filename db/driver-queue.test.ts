import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// patches/postgres+3.4.9.patch, applied by `npm install` (postinstall: patch-package), replaces the
// queue the postgres driver keeps its connections and waiting queries in. The driver's own never let
// go of the slots it had shifted out while a queue never ran empty, which under steady concurrency is
// always: the array grew by one slot per query and every connection move scanned all of it, so a
// server's cost per query climbed for as long as it ran (README, "Benchmarks"). These tests hold the
// patched queue to what the driver relies on: first in, first out, and removal of any member.

type DriverQueue<T> = { readonly length: number; push(item: T): T; shift(): T | undefined; remove(item: T): T | null };
const Queue = createRequire(import.meta.url)("../node_modules/postgres/cjs/src/queue.js") as <T>(
  initial?: T[],
) => DriverQueue<T>;

type Step = { op: "push" } | { op: "shift" } | { op: "remove"; pick: number };

describe("the postgres driver's queue (patched)", () => {
  it("behaves as a plain array queue under any mix of push, shift and remove", () => {
    const step = fc.oneof(
      fc.constant<Step>({ op: "push" }),
      fc.constant<Step>({ op: "shift" }),
      fc.nat(40).map<Step>((pick) => ({ op: "remove", pick })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 400 }), (steps) => {
        const queue = Queue<number>();
        const model: number[] = [];
        let next = 0;
        for (const current of steps) {
          if (current.op === "push") {
            expect(queue.push(next)).toBe(next);
            model.push(next++);
          } else if (current.op === "shift") {
            expect(queue.shift()).toBe(model.shift());
          } else {
            // A member (when the pick falls inside the queue) or one that was never pushed.
            const target = current.pick < model.length ? model[current.pick] : -1;
            const at = model.indexOf(target);
            expect(queue.remove(target)).toBe(at === -1 ? null : target);
            if (at !== -1) model.splice(at, 1);
          }
          expect(queue.length).toBe(model.length);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps a member taken out by shift from being found by remove, as the pool's moves expect", () => {
    const queue = Queue(["a", "b", "c"]);
    expect(queue.shift()).toBe("a");
    expect(queue.remove("a")).toBeNull();
    expect(queue.remove("c")).toBe("c");
    expect(queue.shift()).toBe("b");
    expect(queue.length).toBe(0);
    expect(queue.shift()).toBeUndefined();
  });
});
