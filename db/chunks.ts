// PostgreSQL accepts at most 65,534 bound parameters in one statement, so a bulk insert of many
// rows is split into statements that stay under that (with room to spare).
const MAX_PARAMETERS = 60_000;

/** Splits rows into groups whose parameters (rows x columns) fit in one statement. */
export function chunksForInsert<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  const columns = Math.max(1, Object.keys(rows[0]).length);
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const chunks: T[][] = [];
  for (let start = 0; start < rows.length; start += size) chunks.push(rows.slice(start, start + size));
  return chunks;
}
