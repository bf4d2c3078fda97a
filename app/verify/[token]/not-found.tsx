import { getLocale } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { notFoundView } from "./view";
import styles from "./verify.module.css";

// A token that is malformed, forged or names no policy: said plainly, with the 404 status, in the
// visitor's language.
export default async function VerificationNotFound() {
  const view = notFoundView((await getLocale()) as Locale);
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="not-found">
        <p className={styles.kicker}>{view.kicker}</p>
        <div className={styles.notInForce}>
          <span className={styles.mark} aria-hidden="true">
            ?
          </span>
          <div>
            <h1 id="not-found" className={styles.verdict}>
              {view.title}
            </h1>
            <p className={styles.reason}>{view.text}</p>
          </div>
        </div>
      </section>
    </main>
  );
}
