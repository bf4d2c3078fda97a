import { logError } from "@/lib/log";
import type { BackgroundEvent } from "./events";
import type { BackgroundFunction } from "./define";

/**
 * Runs the background functions inside the server process when no Inngest server is configured:
 * events start the functions that listen to them, failures are retried with exponential back-off, and
 * cron functions fire once a minute when their expression matches. Durable state lives in the
 * database (the outbox), so what a crash interrupts is picked up again by the sweep cron. At most
 * `concurrency` attempts run at once (BACKGROUND_CONCURRENCY, default 4); the rest wait their turn, so a
 * burst of events cannot take every database connection and the CPU from the requests being served.
 */
export class InProcessRunner {
  private readonly inFlight = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly functions: BackgroundFunction[],
    private readonly retryDelayMs = Number(process.env.BACKGROUND_RETRY_DELAY_MS ?? 1000),
    private readonly concurrency = Math.max(1, Number(process.env.BACKGROUND_CONCURRENCY ?? 4) || 4),
  ) {}

  dispatch(event: BackgroundEvent): void {
    for (const fn of this.functions) {
      if ("event" in fn.trigger && fn.trigger.event === event.name) this.track(this.execute(fn, event));
    }
  }

  /** Starts the minute tick of the cron functions. */
  startCrons(now: () => Date = () => new Date()): void {
    if (this.timer) return;
    const tick = () => {
      const at = now();
      for (const fn of this.functions) {
        if ("cron" in fn.trigger && cronMatches(fn.trigger.cron, at)) {
          this.track(this.execute(fn, { name: `inngest/scheduled.timer`, data: { cron: fn.trigger.cron } }));
        }
      }
    };
    // Align on the next minute boundary, then every minute.
    const delay = 60_000 - (Date.now() % 60_000);
    this.timer = setTimeout(() => {
      tick();
      this.timer = setInterval(tick, 60_000);
      this.timer.unref();
    }, delay);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Waits until every started run (and its retries) has finished. */
  async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Runs one function now, with its retries (used by crons and tests). */
  run(fn: BackgroundFunction, event: { name: string; data: Record<string, unknown> }): Promise<void> {
    const execution = this.execute(fn, event);
    this.track(execution);
    return execution;
  }

  private track(execution: Promise<void>): void {
    this.inFlight.add(execution);
    void execution.finally(() => this.inFlight.delete(execution));
  }

  private async execute(fn: BackgroundFunction, event: { name: string; data: Record<string, unknown> }): Promise<void> {
    const memo = new Map<string, unknown>();
    // Like Inngest, a step that succeeded is not run again when a later step fails and the run is retried.
    const step = {
      run: async <T>(id: string, body: () => Promise<T>): Promise<T> => {
        if (memo.has(id)) return memo.get(id) as T;
        const value = await body();
        memo.set(id, value);
        return value;
      },
    };
    for (let attempt = 0; ; attempt++) {
      const release = await this.takeTurn();
      try {
        await fn.handler({ event, step, attempt });
        return;
      } catch (error) {
        release();
        if (attempt >= fn.retries) {
          logError(
            `[background] ${fn.id}: its ${attempt + 1} quick attempts failed (a sweep, where the work has one, takes it up later)`,
            error,
          );
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, this.retryDelayMs * 2 ** attempt));
      } finally {
        release();
      }
    }
  }

  /** Waits for one of the `concurrency` places; the returned function gives it back (once). */
  private async takeTurn(): Promise<() => void> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The place passes straight to the next waiting attempt, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}

/** A five-field cron expression (minute hour day-of-month month day-of-week) in UTC; supports *, a-b, a,b and /n. */
export function cronMatches(expression: string, at: Date): boolean {
  const fields = expression.trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`unsupported cron expression: ${expression}`);
  const values = [at.getUTCMinutes(), at.getUTCHours(), at.getUTCDate(), at.getUTCMonth() + 1, at.getUTCDay()];
  const ranges: Array<[number, number]> = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 6],
  ];
  return fields.every((field, index) => fieldMatches(field, values[index], ranges[index]));
}

function fieldMatches(field: string, value: number, [low, high]: [number, number]): boolean {
  return field.split(",").some((part) => {
    const [range, stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    let [from, to] = [low, high];
    if (range !== "*") {
      const [start, end] = range.split("-").map(Number);
      [from, to] = [start, end ?? (stepText ? high : start)];
    }
    return value >= from && value <= to && (value - from) % step === 0;
  });
}
