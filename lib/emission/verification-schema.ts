import { z } from "zod";
import { POLICY_STATUSES } from "./statuses";

export const VerifyParams = z.object({ token: z.string().max(100) });

export const VerificationResponse = z.object({
  policy_number: z.string(),
  status: z.enum(POLICY_STATUSES),
  /** True while the policy covers its people (ACTIVE or IN_ARREARS) and today is within its dates. */
  in_force: z.boolean(),
  valid_from: z.string(),
  valid_to: z.string(),
  holder_initials: z.string(),
  plan_name: z.string(),
});
export type VerificationResponse = z.infer<typeof VerificationResponse>;
