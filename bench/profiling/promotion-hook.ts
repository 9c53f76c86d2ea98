/**
 * Loaded with `node --import` into a benchmark process (as bench/profiling/gc-promotion.ts does):
 * samples where the process allocates the objects that outlive V8's young-generation collections
 * (MAILGRAPH_PROMOTION_ALL=1: every allocation). The first SIGUSR2 starts sampling, the second
 * writes the `.heapprofile` to `$MAILGRAPH_PROMOTION_FILE`; nothing happens unless that is set.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";

const file = process.env.MAILGRAPH_PROMOTION_FILE;
if (file) {
  const session = new Session();
  session.connect();
  let sampling = false;
  process.on("SIGUSR2", () => {
    if (!sampling) {
      sampling = true;
      session.post("HeapProfiler.enable", () =>
        // Objects a scavenge collected are left out and those a full collection collected kept
        // in, so what remains was promoted to the old generation (or is still alive).
        session.post("HeapProfiler.startSampling", {
          samplingInterval: 1024,
          includeObjectsCollectedByMajorGC: true,
          includeObjectsCollectedByMinorGC: process.env.MAILGRAPH_PROMOTION_ALL === "1",
        }),
      );
      return;
    }
    session.post("HeapProfiler.getSamplingProfile", (error, result) => {
      if (error) process.stderr.write(`promotion-hook: ${error.message}\n`);
      else writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
