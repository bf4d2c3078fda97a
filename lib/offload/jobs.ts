import { inspectClaimDocument } from "@/lib/claims/documents/inspect-document";
import { readSpreadsheetRows } from "@/lib/emission/bulk-upload/read-spreadsheet";
import { renderCertificate } from "@/lib/emission/certificate/render-certificate";
import { extractPdfText } from "@/lib/knowledge/pdf-text";

// What the worker threads run: each job is a function of one value that can be copied between threads
// (structured clone), returning another. The request thread imports only the types of this file, so
// react-pdf, pdf.js and the spreadsheet readers load in the workers alone.
export const JOBS = {
  /** An uploaded .xlsx or .csv: its first sheet's rows, bounds checked before parsing. */
  readSpreadsheet: readSpreadsheetRows,
  /** A policy's certificate: the PDF bytes of its data. */
  renderCertificate,
  /** An uploaded PDF: its text. */
  extractPdfText,
  /** An uploaded claim document: its type by content, SHA-256 and size. */
  inspectClaimDocument,
};

export type Jobs = typeof JOBS;
export type JobName = keyof Jobs;
export type JobInput<N extends JobName> = Parameters<Jobs[N]>[0];
export type JobOutput<N extends JobName> = Awaited<ReturnType<Jobs[N]>>;
