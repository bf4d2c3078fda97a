import styles from "./verify.module.css";

// A token that is malformed, forged or names no policy: said plainly, with the 404 status.
export default function VerificationNotFound() {
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="not-found">
        <p className={styles.kicker}>Cover verification</p>
        <div className={styles.notInForce}>
          <span className={styles.mark} aria-hidden="true">
            ?
          </span>
          <div>
            <h1 id="not-found" className={styles.verdict}>
              Policy not found
            </h1>
            <p className={styles.reason}>
              This verification link is not valid. Scan the QR code on the certificate again, or call the insurer.
            </p>
          </div>
        </div>
      </section>
    </main>
  );
}
