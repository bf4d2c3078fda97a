import type { z } from "zod";

/**
 * Plainer words for the few zod messages a person meets while typing, given to zodResolver as the
 * per-parse error map. Messages a shared schema writes itself ("must be between 0 and 100") win over
 * these, so the API and the form still say the same thing.
 */
export const formMessages: z.core.$ZodErrorMap = (issue) => {
  // An emptied number input reaches the schema as NaN (valueAsNumber).
  if (issue.code === "invalid_type" && issue.expected === "int") return "enter a whole number";
  if (issue.code === "invalid_type" && issue.expected === "number") return "enter a number";
  if (issue.code === "too_small" && issue.origin === "string" && issue.minimum === 1) return "required";
  return undefined;
};
