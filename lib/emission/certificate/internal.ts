import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { policyDocuments } from "@/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import { runOffThread } from "@/lib/offload/pool";
import { loadCertificateData, loadCertificateState, type CertificateData } from "./certificate-data";

// A certificate is rendered once per policy state and language and kept (policy_documents, one
// CERTIFICATE row per policy and language) until either changes: it is written in the client's
// preferred_language of the moment it is downloaded, so a client who changes language gets a new
// document in the new language (and the one of the former language is kept, should the client change
// back); every download in one language is the same file, which never waits for a render after the first.
//
// The state is a digest of everything the certificate prints but its date of issue and the status of
// that day: the people (a death mark, a life removed), the premium, and the insurer's profile and logo
// (an administrator who corrects the address or uploads a logo gets it on every certificate from their
// next download on, never a stale one kept forever). Re-activation (IN_ARREARS -> ACTIVE) keeps it: the
// status is printed as the one of its issue date, beside the QR code that gives the standing of the day
// it is read (the verification page). Replacing it would hand out a second, different file for the same
// cover.
//
// A download reads the state from the printed columns (loadCertificateState), the people and the logo as
// digests the database computes: the data itself, logo included, is loaded only to render.

export type CertificateFile = { filename: string; content: Uint8Array };

/**
 * The kept certificate in the client's current language and of the policy's current state, rendered and
 * stored first when there is none yet (the job has not run, demo data, the client changed language, or a
 * person was marked deceased since).
 */
export async function ensureCertificate(
  db: DbOrTx,
  policyId: string,
): Promise<{ content: Uint8Array; rendered: boolean; language: Locale }> {
  const { language, state } = await loadCertificateState(db, policyId);
  const stored = await readCertificate(db, policyId, language, state);
  if (stored) return { content: stored, rendered: false, language };
  // Should the data change between the two reads, the next download finds a state that differs from the
  // kept one and renders again: a kept certificate is never older than its state.
  const content = await renderOnce(policyId, await loadCertificateData(db, policyId, language), state);
  // Two first requests (a download and the job) may both render: the first write wins, and the other
  // answers with the winner's bytes, so no two different files ever go out for one state and language.
  // A row of an earlier state is replaced.
  const written = await db
    .insert(policyDocuments)
    .values({ policyId, kind: "CERTIFICATE", language, state, contentType: "application/pdf", content })
    .onConflictDoUpdate({
      target: [policyDocuments.policyId, policyDocuments.kind, policyDocuments.language],
      set: { state, content, createdAt: sql`now()` },
      setWhere: sql`${policyDocuments.state} <> excluded.state`,
    })
    .returning({ id: policyDocuments.id });
  if (written.length > 0) return { content, rendered: true, language };
  return { content: (await readCertificate(db, policyId, language, state))!, rendered: false, language };
}

// Renders in flight, by policy, state and language, on globalThis: the background function and the
// route handlers may run from the two bundles of the production server (Next.js's and server.ts's).
const holder = globalThis as typeof globalThis & { __coverCertificateRenders?: Map<string, Promise<Buffer>> };

/**
 * Renders on a worker thread (a 1,000-life certificate takes seconds, which the request thread must
 * not spend). A download that arrives while the background function renders the same policy in the
 * same state and language waits for that render rather than starting a second one.
 */
function renderOnce(policyId: string, data: CertificateData, state: string): Promise<Buffer> {
  const renders = (holder.__coverCertificateRenders ??= new Map());
  const key = `${policyId}:${data.language}:${state}`;
  let render = renders.get(key);
  if (!render) {
    render = runOffThread("renderCertificate", data)
      // The bytes come back from the worker as a plain Uint8Array; the bytea column takes a Buffer.
      .then((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
      .finally(() => renders.delete(key));
    renders.set(key, render);
  }
  return render;
}

async function readCertificate(
  db: DbOrTx,
  policyId: string,
  language: Locale,
  state: string,
): Promise<Uint8Array | null> {
  const [row] = await db
    .select({ content: policyDocuments.content })
    .from(policyDocuments)
    .where(
      and(
        eq(policyDocuments.policyId, policyId),
        eq(policyDocuments.kind, "CERTIFICATE"),
        eq(policyDocuments.language, language),
        eq(policyDocuments.state, state),
      ),
    );
  return row?.content ?? null;
}
