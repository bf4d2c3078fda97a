import { DomainError } from "@/lib/errors";
import { serializeError, type SerializedError } from "./job-errors";
import { JOBS, type JobName } from "./jobs";

// The entry of the worker threads (bundled on its own: worker-bundle.ts). Piscina calls the default
// export with each task the pool sends.

export type JobTask = { name: JobName; input: unknown };
export type JobReply = { ok: true; value: unknown } | { ok: false; error: SerializedError };

export default async function runJob({ name, input }: JobTask): Promise<JobReply> {
  if (!Object.hasOwn(JOBS, name)) throw new Error(`unknown job ${String(name)}`);
  try {
    const job = JOBS[name] as (input: unknown) => unknown;
    return { ok: true, value: await job(input) };
  } catch (error) {
    if (error instanceof DomainError) return { ok: false, error: serializeError(error) };
    throw error;
  }
}
