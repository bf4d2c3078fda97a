// npm run quality: recall@5 of the configured embedding (OpenAI when OPENAI_API_KEY is set, else the
// local one) on the sample policy wording of lib/knowledge/quality/. Exits 1 below 80%.
import { embedTexts, embeddingModel } from "@/lib/knowledge/models";
import { evaluateRetrieval, QUALITY_K, QUALITY_TARGET } from "@/lib/knowledge/quality/evaluate";

async function main(): Promise<number> {
  const model = embeddingModel();
  const label = typeof model === "string" ? model : `${model.provider} ${model.modelId}`;
  const report = await evaluateRetrieval((texts) => embedTexts(texts, 500));
  console.log(`[quality] embedding ${label}; ${report.fragments.length} fragments, ${report.results.length} questions`);
  for (const { question, fragment, rank, isHit } of report.results) {
    console.log(
      `  ${isHit ? "hit " : "MISS"}  rank ${String(rank).padStart(2)}  fragment ${String(fragment).padStart(2)}  ${question}`,
    );
  }
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  console.log(`recall@1 ${percent(report.recallAt1)}, MRR ${report.meanReciprocalRank.toFixed(2)}`);
  const pass = report.recallAtK >= QUALITY_TARGET;
  console.log(
    `recall@${QUALITY_K} ${percent(report.recallAtK)}: ${pass ? "PASS" : "FAIL"} (target ${percent(QUALITY_TARGET)})`,
  );
  return pass ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
