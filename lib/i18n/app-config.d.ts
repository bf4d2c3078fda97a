import type { Messages } from "@/messages";
import type { Locale } from "./locales";

// next-intl checks every key a page uses against the catalogs' shape at compile time (the English
// catalog stands for all: lib/i18n/__tests__/catalogs.test.ts holds them to the same keys).
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
