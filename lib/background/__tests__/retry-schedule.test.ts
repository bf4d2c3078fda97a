import { describe, expect, it } from "vitest";
import { sweepDelaySeconds } from "../retry-schedule";

describe("sweepDelaySeconds", () => {
  it("waits a minute until the event's attempts are spent, then doubles up to an hour", () => {
    expect([0, 1, 5, 6, 7, 8, 9, 10, 11, 12, 30].map((attempts) => sweepDelaySeconds(attempts, 5))).toEqual([
      60, 60, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600,
    ]);
  });

  it("20 attempts after 5 quick ones span about ten hours", () => {
    let total = 0;
    for (let attempts = 5; attempts < 20; attempts++) total += sweepDelaySeconds(attempts, 5);
    expect(total / 3600).toBeCloseTo(10.05, 1);
  });
});
