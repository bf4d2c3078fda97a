import type { Language } from "@/db/enums";
import en from "./en";
import es from "./es";

/** The shape of every catalog: the English one stands for all (lib/i18n/__tests__/catalogs.test.ts). */
export type Messages = typeof en;

// Every language of db/enums.ts LANGUAGES has its catalog here: the type refuses a listed language
// without one.
export const catalogs: Record<Language, Messages> = { es, en };
