import { monitorEventLoopDelay } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { localEmbedding, localEmbeddingModel } from "../local-embedding";

// The local embedding (no OPENAI_API_KEY) hashes every word of every fragment on the request thread. A
// large document has hundreds of fragments at about 2 ms each: the model gives the thread back between
// every few of them, so other requests wait milliseconds, not the whole document's seconds.
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the local embedding model", () => {
  const fragments = Array.from(
    { length: 400 },
    (_, index) =>
      `Fragment ${index}: ${"repatriation of remains across the border is covered by the plan. ".repeat(30)}`,
  );

  it("embeds a large document without holding the thread for more than a few fragments at a time", async () => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    await pause(20);
    const started = performance.now();
    const { embeddings } = await localEmbeddingModel.doEmbed({ values: fragments });
    const elapsedMs = performance.now() - started;
    // The histogram's timer records a stall when it next runs: after the work, not during it.
    await pause(20);
    delay.disable();
    expect(embeddings).toHaveLength(fragments.length);
    // Longest stall of the thread (ns), against the whole embedding's time: a small fraction of it.
    expect(delay.max / 1e6).toBeLessThan(Math.max(100, elapsedMs / 4));
  });

  it("gives each text the same vector as localEmbedding, in order", async () => {
    const { embeddings } = await localEmbeddingModel.doEmbed({ values: fragments.slice(0, 20) });
    expect(embeddings).toEqual(fragments.slice(0, 20).map(localEmbedding));
  });
});
