import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { verifyForVisitor } from "@/lib/emission/certificate/verify-for-visitor";
import { todayUtc } from "@/lib/emission/dates";
import type { Locale } from "@/lib/i18n/locales";
import { verificationView } from "./view";
import styles from "./verify.module.css";

// GET /verify/{token} - the page a partner funeral home opens by scanning a certificate's or wallet
// pass's QR code. Public (outside the signed-in back office), read fresh on every visit, and showing
// nothing personal beyond the holder's initials. In the visitor's language (lib/i18n/request.ts: the
// NEXT_LOCALE cookie, then Accept-Language, then DEFAULT_LOCALE), never the client's.

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("verify");
  return {
    title: t("metaTitle"),
    // A verification link is for whoever holds the document, not for search engines.
    robots: { index: false, follow: false },
  };
}

export default async function VerifyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const standing = await verifyForVisitor(token);
  if (!standing) notFound();
  const view = verificationView(standing, todayUtc(), (await getLocale()) as Locale);
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="standing">
        <p className={styles.kicker}>{view.kicker}</p>
        <div className={standing.in_force ? styles.inForce : styles.notInForce}>
          <span className={styles.mark} aria-hidden="true">
            {standing.in_force ? "✓" : "✕"}
          </span>
          <div>
            <h1 id="standing" className={styles.verdict}>
              {view.verdict}
            </h1>
            <p className={styles.reason}>{view.reason}</p>
          </div>
        </div>
        <dl className={styles.facts}>
          {view.facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>{view.note}</p>
      </section>
    </main>
  );
}
