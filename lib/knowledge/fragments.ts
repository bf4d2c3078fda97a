// Documents are cut into fragments of about 1,000 to 2,000 characters that overlap, so a sentence cut
// at one fragment's end is whole at the next one's start (contract section 10).

export const FRAGMENT_TARGET = 1500;
export const FRAGMENT_MAX = 2000;
export const FRAGMENT_OVERLAP = 200;

/** Splits at paragraph, then sentence, then word boundaries; never inside a word unless it is longer than a fragment. */
export function splitIntoFragments(text: string): string[] {
  const clean = text
    .replace(/\r\n?/g, "\n")
    .replace(/[ \t]+/g, " ")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (clean === "") return [];
  const fragments: string[] = [];
  let start = 0;
  while (start < clean.length) {
    if (clean.length - start <= FRAGMENT_MAX) {
      fragments.push(clean.slice(start).trim());
      break;
    }
    const window = clean.slice(start, start + FRAGMENT_MAX);
    const end = start + cutAt(window);
    fragments.push(clean.slice(start, end).trim());
    // The next fragment starts a little before this one ended, at a word boundary.
    const overlapStart = clean.lastIndexOf(" ", end - FRAGMENT_OVERLAP);
    start = overlapStart > start ? overlapStart + 1 : end;
  }
  return fragments.filter((fragment) => fragment.length > 0);
}

function cutAt(window: string): number {
  const from = FRAGMENT_TARGET - 500;
  for (const boundary of ["\n\n", ". ", "\n", " "]) {
    const at = window.lastIndexOf(boundary);
    if (at >= from) return at + boundary.length;
  }
  return window.length;
}
