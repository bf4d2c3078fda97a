import type { Metadata, Viewport } from "next";
import { ZodWithoutEval } from "@/components/ui/zod-without-eval";
import "./globals.css";

export const metadata: Metadata = {
  title: "Funeral Cover Admin",
  description: "Administration of funeral and repatriation cover",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page is rendered per request: its scripts carry that request's CSP nonce (proxy.ts).
export const dynamic = "force-dynamic";

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>
        <ZodWithoutEval />
        {children}
      </body>
    </html>
  );
}
