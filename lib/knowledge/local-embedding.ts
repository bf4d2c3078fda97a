import type { EmbeddingModelV3 } from "@ai-sdk/provider";
import { createHash } from "node:crypto";
import { EMBEDDING_DIMENSIONS } from "@/db/schema/knowledge";

// The embedding used when no OPENAI_API_KEY is set: deterministic and offline, shaped as an AI SDK
// embedding model so that ingestion and chat run one code path whichever model is configured. Words
// (folded to lower case without accents, short stop words dropped, a crude stem) and their pairs are
// hashed into 3,072 signed buckets and the vector is normalised: texts that share words are near in
// cosine distance. Good enough to find the fragment that answers a question; no semantics beyond words.

const STOP_WORDS = new Set(
  "a an and are as at be by can de del do does el en es for from has have how i if in is it its la las los me my no not of on or our que se so the their there this to un una was we what when where which who why will with y you your".split(
    " ",
  ),
);

/** The words of a text as the local embedding sees them: folded, stop words dropped, stemmed. */
export function words(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word))
    .map(stem);
}

// Plural and verb endings folded so "beneficiaries" meets "beneficiary" and "covered" meets "cover".
function stem(word: string): string {
  if (word.length > 5 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  for (const suffix of ["ing", "ed", "es", "s"]) {
    if (word.length > suffix.length + 3 && word.endsWith(suffix)) return word.slice(0, -suffix.length);
  }
  return word;
}

function bucket(feature: string): { index: number; sign: number } {
  const digest = createHash("sha256").update(feature).digest();
  return { index: digest.readUInt32BE(0) % EMBEDDING_DIMENSIONS, sign: digest[4] & 1 ? 1 : -1 };
}

export function localEmbedding(text: string): number[] {
  const vector = new Array<number>(EMBEDDING_DIMENSIONS).fill(0);
  const tokens = words(text);
  const add = (feature: string, weight: number) => {
    const { index, sign } = bucket(feature);
    vector[index] += sign * weight;
  };
  tokens.forEach((word, position) => {
    add(`w:${word}`, 1);
    if (position > 0) add(`p:${tokens[position - 1]} ${word}`, 0.5);
  });
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

const FRAGMENTS_BETWEEN_YIELDS = 8;

export const localEmbeddingModel: EmbeddingModelV3 = {
  specificationVersion: "v3",
  provider: "local",
  modelId: "hashed-words-3072",
  maxEmbeddingsPerCall: 2048,
  supportsParallelCalls: true,
  async doEmbed({ values }) {
    // About 2 ms of hashing per fragment, and a large document has thousands: other requests get the
    // thread between every few fragments instead of waiting seconds for the whole document.
    const embeddings: number[][] = [];
    for (const value of values) {
      embeddings.push(localEmbedding(value));
      if (embeddings.length % FRAGMENTS_BETWEEN_YIELDS === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    return { embeddings, warnings: [] };
  },
};
