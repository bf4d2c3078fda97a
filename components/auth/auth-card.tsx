import type { ReactNode } from "react";
import { LanguageSwitch } from "@/components/backoffice/language-switch";

/** The frame of the pages a person uses before signing in: sign-in, forgotten password, links. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-card">
        {/* The visitor's language (the NEXT_LOCALE cookie): these pages need no sign-in. */}
        <LanguageSwitch saveToProfile={false} />
        <h1>{title}</h1>
        {intro ? <p className="muted">{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}
