import type { z } from "zod";
import type { RoleResponse, UserResponse } from "@/lib/identity/schemas";
import type { CompanyResponse } from "@/lib/operations/schemas";

// The API's answers, typed from the same schemas that document them.
export type User = z.infer<typeof UserResponse>;
export type Role = z.infer<typeof RoleResponse>;
export type Company = z.infer<typeof CompanyResponse>;
