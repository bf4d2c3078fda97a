/** Text searched with LIKE matches itself only: %, _ and \ lose their wildcard meaning. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
