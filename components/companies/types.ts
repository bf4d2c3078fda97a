import type { z } from "zod";
import type { BusinessUnitResponse, CompanyResponse, CountryResponse } from "@/lib/operations/schemas";

export type Company = z.infer<typeof CompanyResponse>;
export type BusinessUnit = z.infer<typeof BusinessUnitResponse>;
export type Country = z.infer<typeof CountryResponse>;
