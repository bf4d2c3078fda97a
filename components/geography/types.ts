import type { z } from "zod";
import type { CountryResponse, ZoneResponse } from "@/lib/operations/schemas";

export type Country = z.infer<typeof CountryResponse>;
export type Zone = z.infer<typeof ZoneResponse>;
