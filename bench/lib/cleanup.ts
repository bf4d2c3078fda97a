/**
 * Undo steps (stop a server, drop a database), run last-in first-out exactly once each: after every
 * scenario, on an error, and on Ctrl-C or SIGTERM, so a failed benchmark leaves no process or database
 * behind.
 */
export class Cleanup {
  private steps: { label: string; run: () => Promise<void> | void }[] = [];
  private running: Promise<void> | null = null;

  add(label: string, run: () => Promise<void> | void): void {
    this.steps.push({ label, run });
  }

  runAll(): Promise<void> {
    this.running ??= (async () => {
      const steps = this.steps.reverse();
      this.steps = [];
      for (const step of steps) {
        try {
          await step.run();
        } catch (error) {
          console.error(`[bench] cleanup "${step.label}" failed:`, error instanceof Error ? error.message : error);
        }
      }
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Runs the steps when the process is interrupted, then exits with the signal's conventional code. */
  onSignals(): void {
    for (const [signal, code] of [
      ["SIGINT", 130],
      ["SIGTERM", 143],
    ] as const) {
      process.once(signal, () => {
        console.error(`\n[bench] ${signal}: cleaning up`);
        void this.runAll().finally(() => process.exit(code));
      });
    }
  }
}
