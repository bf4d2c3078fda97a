import { readFileSync } from "node:fs";
import path from "node:path";
import { splitIntoFragments } from "../fragments";

// Retrieval quality on a sample policy wording (written for the project, lib/knowledge/quality/):
// each question names, by a short quote, the one fragment that answers it; recall@k is the share of
// questions whose fragment ranks among the k nearest by cosine. Ranked in memory, as HNSW would
// approximate it, so no database is needed.

export const QUALITY_K = 5;
export const QUALITY_TARGET = 0.8;

export type QualityQuestion = { question: string; quote: string };
export type QuestionResult = QualityQuestion & { fragment: number; rank: number; isHit: boolean };
export type QualityReport = {
  fragments: string[];
  results: QuestionResult[];
  recallAtK: number;
  recallAt1: number;
  meanReciprocalRank: number;
};

const folder = path.join(import.meta.dirname);

export function loadQualitySet(): { wording: string; questions: QualityQuestion[] } {
  return {
    wording: readFileSync(path.join(folder, "policy-wording.md"), "utf8"),
    questions: JSON.parse(readFileSync(path.join(folder, "questions.json"), "utf8")) as QualityQuestion[],
  };
}

function cosine(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    normA += a[i] * a[i];
    normB += b[i] * b[i];
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/** Splits the wording, embeds fragments and questions with `embed`, and ranks every fragment for every question. */
export async function evaluateRetrieval(
  embed: (texts: string[]) => Promise<number[][]>,
  k = QUALITY_K,
): Promise<QualityReport> {
  const { wording, questions } = loadQualitySet();
  const fragments = splitIntoFragments(wording);
  // A quote must pick out exactly one fragment, else the answer key is ambiguous.
  const answers = questions.map(({ quote }) => {
    const holders = fragments.flatMap((fragment, index) => (fragment.includes(quote) ? [index] : []));
    if (holders.length !== 1)
      throw new Error(`the quote "${quote}" is in ${holders.length} fragments; it must be in exactly one`);
    return holders[0];
  });
  const [fragmentVectors, questionVectors] = [
    await embed(fragments),
    await embed(questions.map(({ question }) => question)),
  ];
  const results = questions.map((question, index) => {
    const scores = fragmentVectors.map((vector) => cosine(questionVectors[index], vector));
    const target = scores[answers[index]];
    // Rank 1 is the nearest; ties count against the answer.
    const rank = 1 + scores.filter((score, other) => other !== answers[index] && score >= target).length;
    return { ...question, fragment: answers[index], rank, isHit: rank <= k };
  });
  const share = (count: number) => count / results.length;
  return {
    fragments,
    results,
    recallAtK: share(results.filter(({ isHit }) => isHit).length),
    recallAt1: share(results.filter(({ rank }) => rank === 1).length),
    meanReciprocalRank: results.reduce((sum, { rank }) => sum + 1 / rank, 0) / results.length,
  };
}
