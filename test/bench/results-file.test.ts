/**
 * bench/RESULTS.md as `npm run bench` rewrites it (bench/support/results-file.ts): the latest run's tables
 * replace the previous ones, and the previous run becomes one line at the head of the history.
 * Small made-up results stand in for the figure scripts, which take minutes.
 */
import { describe, expect, it } from "vitest";
import { type BenchRun, headline, parseResults, renderResults } from "../../bench/support/results-file.js";

function run(at: string, commit: string, figures: BenchRun["figures"], filters: string[] = []): BenchRun {
  return {
    startedAt: new Date(at),
    commit,
    host: "Test CPU @ 2.0GHz, 2 cores, node v20.20.2",
    conditions: "Load average 0.5 at the start and 0.7 at the end.",
    figures,
    filters,
  };
}

const decode = (ratio: string) => ({
  script: "decode.ts",
  output: `case  p50\nbare  1.00\ndecode / bare parse ${ratio} against the target of ≤ 1.0: met`,
  code: 0,
  seconds: 19,
});
const overview = {
  script: "overview-latency.ts",
  output: "Overview p50 80.5 ms with the defaults against the target of ≤ 65 ms: NOT met (1.26× the critical path)",
  code: 0,
  seconds: 39,
};
const idle = { script: "events-idle-rss.ts", output: "boom", code: 1, seconds: 3 };

describe("bench/RESULTS.md", () => {
  it("heads a run with the targets met, those not met and the scripts that failed", () => {
    expect(headline([decode("0.08"), overview, idle])).toBe(
      "1 of 2 targets met; NOT met: overview-latency: Overview p50 80.5 ms with the defaults against the target of ≤ 65 ms; FAILED: events-idle-rss",
    );
    expect(headline([decode("0.08")])).toBe("1 of 1 targets met");
  });

  it("replaces the latest tables and moves the replaced run to one line of the history", () => {
    const first = renderResults("", run("2026-11-27T10:00:00Z", "aaaaaaa", [decode("0.09"), overview]));
    expect(first).toContain("## Latest run: 2026-11-27 10:00 UTC, commit aaaaaaa");
    expect(first).toContain("### `npx tsx bench/decode.ts` (19 s)");
    expect(first).toContain("decode / bare parse 0.09");
    expect(first).toMatch(/## Earlier runs\n\n\(none\)\n$/);

    const second = renderResults(first, run("2026-11-28T05:18:00Z", "bbbbbbb", [decode("0.08"), overview]));
    const third = renderResults(second, run("2026-11-29T08:00:00Z", "ccccccc", [decode("0.07"), overview]));
    expect(third).toContain("## Latest run: 2026-11-29 08:00 UTC, commit ccccccc");
    expect(third).toContain("decode / bare parse 0.07");
    expect(third).not.toContain("decode / bare parse 0.08");
    expect(third).not.toContain("decode / bare parse 0.09");
    expect(third.match(/^### /gm)).toHaveLength(2);
    expect(parseResults(third).earlier).toEqual([
      "2026-11-28 05:18 UTC, commit bbbbbbb, Test CPU @ 2.0GHz, 2 cores, node v20.20.2: 1 of 2 targets met; NOT met: overview-latency: Overview p50 80.5 ms with the defaults against the target of ≤ 65 ms",
      "2026-11-27 10:00 UTC, commit aaaaaaa, Test CPU @ 2.0GHz, 2 cores, node v20.20.2: 1 of 2 targets met; NOT met: overview-latency: Overview p50 80.5 ms with the defaults against the target of ≤ 65 ms",
    ]);
    // Rewriting is idempotent in shape: the intro once, one latest section, one history.
    expect(third.match(/^# Benchmark results$/gm)).toHaveLength(1);
    expect(third.match(/^## Latest run/gm)).toHaveLength(1);
  });

  it("keeps the other figures' tables after a run of some scripts, marked with the run they come from", () => {
    const full = renderResults("", run("2026-11-28T05:18:00Z", "bbbbbbb", [decode("0.08"), overview]));
    const partial = renderResults(full, run("2026-11-29T08:00:00Z", "ccccccc", [decode("0.07")], ["decode"]));
    expect(partial).toContain("### `npx tsx bench/decode.ts` (19 s)\n");
    expect(partial).toContain(
      "### `npx tsx bench/overview-latency.ts` (39 s; from the run of 2026-11-28 05:18 UTC, commit bbbbbbb)",
    );
    expect(parseResults(partial).earlier[0]).toMatch(/^2026-11-28 05:18 UTC, commit bbbbbbb, /);
    expect(partial).toContain(
      "<!-- history: 2026-11-29 08:00 UTC, commit ccccccc, Test CPU @ 2.0GHz, 2 cores, node v20.20.2 (only decode): 1 of 1 targets met -->",
    );
  });
});
