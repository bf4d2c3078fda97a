/** The largest claim document accepted (claims-cover.md section 3): 10 MiB. */
export const MAX_CLAIM_DOCUMENT_BYTES = 10 * 1024 * 1024;
