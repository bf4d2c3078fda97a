/** A file format written row batch by row batch: each call returns the bytes ready to send. */
export type ExportEncoder = {
  start(): Uint8Array;
  rows(items: Array<Record<string, unknown>>): Uint8Array;
  finish(): Uint8Array;
};
