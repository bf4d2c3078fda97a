import type { Metadata, Viewport } from "next";
import { ZodWithoutEval } from "@/components/ui/zod-without-eval";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return { title: t("name"), description: t("description") };
}

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page is rendered per request: its scripts carry that request's CSP nonce (proxy.ts). The page's
// language (lib/i18n/request.ts) is the document's: <html lang> and the catalogs that the client
// components read through the provider.
export const dynamic = "force-dynamic";

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body>
        <ZodWithoutEval />
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
