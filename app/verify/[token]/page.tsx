import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { statusLabel } from "@/lib/emission/labels";
import { verifyForVisitor } from "@/lib/emission/certificate/verify-for-visitor";
import { todayUtc } from "@/lib/emission/dates";
import { isCovering } from "@/lib/emission/state-machine";
import type { VerificationResponse } from "@/lib/emission/schemas";
import styles from "./verify.module.css";

// GET /verify/{token} - the page a partner funeral home opens by scanning a certificate's or wallet
// pass's QR code. Public (outside the signed-in back office), read fresh on every visit, and showing
// nothing personal beyond the holder's initials.

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Cover verification · Funeral Cover",
  // A verification link is for whoever holds the document, not for search engines.
  robots: { index: false, follow: false },
};

/** Why a policy does not cover today, in words a person at a counter can act on. */
function reasonNotInForce(standing: VerificationResponse, today: string): string {
  if (!isCovering(standing.status)) return `The policy is ${statusLabel(standing.status)}.`;
  if (today < standing.valid_from) return `Cover starts on ${standing.valid_from}.`;
  return `Cover ended on ${standing.valid_to}.`;
}

export default async function VerifyPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const standing = await verifyForVisitor(token);
  if (!standing) notFound();
  const today = todayUtc();
  const facts = [
    ["Policy number", standing.policy_number],
    ["Status", statusLabel(standing.status)],
    ["Valid from", standing.valid_from],
    ["Valid to", standing.valid_to],
    ["Holder", standing.holder_initials],
    ["Plan", standing.plan_name],
  ];
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="standing">
        <p className={styles.kicker}>Cover verification</p>
        <div className={standing.in_force ? styles.inForce : styles.notInForce}>
          <span className={styles.mark} aria-hidden="true">
            {standing.in_force ? "✓" : "✕"}
          </span>
          <div>
            <h1 id="standing" className={styles.verdict}>
              {standing.in_force ? "Cover in force" : "Not in force"}
            </h1>
            <p className={styles.reason}>
              {standing.in_force ? `Covered today, until ${standing.valid_to}.` : reasonNotInForce(standing, today)}
            </p>
          </div>
        </div>
        <dl className={styles.facts}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>
          Checked on {today} (UTC). Only the holder&apos;s initials are shown; ask for an identity document to match
          them.
        </p>
      </section>
    </main>
  );
}
