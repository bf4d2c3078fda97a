import type { BackgroundEvent, BackgroundEventName } from "./events";
import { inngest } from "./client";

/** The part of Inngest's step tools our functions use; the in-process runner provides the same. */
export type StepTools = {
  run: <T>(id: string, fn: () => Promise<T>) => Promise<T>;
};

export type Trigger = { event: BackgroundEventName } | { cron: string };

export type FunctionInput = {
  event: { name: string; data: Record<string, unknown> };
  step: StepTools;
  attempt: number;
};

export type BackgroundFunction = {
  id: string;
  trigger: Trigger;
  /** Retries after the first failed attempt. */
  retries: number;
  handler: (input: FunctionInput) => Promise<unknown>;
  inngestFunction: ReturnType<typeof inngest.createFunction>;
};

/**
 * Declares a background function once, for both executors: Inngest (served at /api/inngest) and the
 * in-process runner used when no Inngest server is configured.
 */
export function defineBackgroundFunction<E extends BackgroundEventName>(
  config: { id: string; trigger: { event: E } | { cron: string }; retries?: number },
  handler: (input: {
    event: { name: string; data: Extract<BackgroundEvent, { name: E }>["data"] };
    step: StepTools;
    attempt: number;
  }) => Promise<unknown>,
): BackgroundFunction {
  const retries = config.retries ?? 4;
  const run = handler as BackgroundFunction["handler"];
  const inngestFunction = inngest.createFunction(
    { id: config.id, retries: retries as 4, triggers: [config.trigger] },
    async ({ event, step, attempt }) =>
      run({
        event: event as FunctionInput["event"],
        attempt,
        step: { run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as unknown as Promise<T> },
      }),
  );
  return { id: config.id, trigger: config.trigger, retries, handler: run, inngestFunction };
}
