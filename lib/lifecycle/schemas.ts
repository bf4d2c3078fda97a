import { z } from "zod";
import { DateOnly } from "@/lib/emission/schemas";

/** POST /lifecycle/run (lifecycle.md section 4). */
export const RunLifecycleInput = z
  .object({
    as_of: DateOnly.optional().describe(
      "The day to run for (default today, UTC). A past day is a catch-up; a future day is 422 unless the server runs with LIFECYCLE_ALLOW_FUTURE=1 (staging and tests only)",
    ),
  })
  .strict();
export type RunLifecycleInput = z.infer<typeof RunLifecycleInput>;

export const LifecycleMoves = z.object({
  not_taken_up: z.number().int(),
  in_arrears: z.number().int(),
  lapsed: z.number().int(),
  cancelled: z.number().int(),
  renewed: z.number().int(),
  expired: z.number().int(),
});
export type LifecycleMoves = z.infer<typeof LifecycleMoves>;

export const LifecycleRunResponse = z.object({
  as_of: z.string(),
  moved: LifecycleMoves,
  notices: z.number().int().describe("Notices queued in the notifications outbox"),
});
export type LifecycleRunResponse = z.infer<typeof LifecycleRunResponse>;
LifecycleRunResponse.register(z.globalRegistry, { id: "LifecycleRun" });
