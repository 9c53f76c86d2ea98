/**
 * Loaded with `node --import` into a benchmark process (bench/profiling/gc-promotion.ts does), this samples
 * where the process allocates the objects that outlive V8's young-generation collections: the
 * inspector's sampling heap profiler with objects that a scavenge collected left out and objects
 * a full collection collected kept in, so what remains is what was promoted to the old
 * generation (or is still alive); with MAILGRAPH_PROMOTION_ALL=1 those are kept too, so it samples
 * every allocation. The first SIGUSR2 starts sampling, the second writes the
 * profile (a `.heapprofile`, JSON) to `$MAILGRAPH_PROMOTION_FILE`. Nothing happens unless that
 * variable is set.
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
