import { describe, expect, it } from "vitest";
import { localEmbedding } from "../local-embedding";
import { evaluateRetrieval, QUALITY_TARGET } from "../quality/evaluate";

describe("retrieval quality on the sample policy wording", () => {
  it("finds the answering fragment in the top 5 for at least 80% of the questions with the local embedding", async () => {
    const report = await evaluateRetrieval(async (texts) => texts.map(localEmbedding));
    expect(report.results).toHaveLength(20);
    const misses = report.results
      .filter(({ isHit }) => !isHit)
      .map(({ question, rank }) => `${question} (rank ${rank})`);
    expect(report.recallAtK, `missed: ${misses.join("; ")}`).toBeGreaterThanOrEqual(QUALITY_TARGET);
  });
});
