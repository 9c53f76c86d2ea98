/** Small helpers shared by the benchmark scripts: timing loops and a plain-text table. */
import { performance } from "node:perf_hooks";

/** Latency figures of one measured series, in milliseconds. */
export interface Series {
  name: string;
  samples: number[];
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted.at(index) ?? Number.NaN;
}

/** Times `fn` once, in milliseconds. */
export async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Runs every case `rounds` times, interleaved (a, b, c, a, b, c …) so a noisy neighbour slows all
 * cases alike, after `warmup` untimed rounds. Returns one series per case.
 */
export async function interleaved(
  cases: ReadonlyArray<{ name: string; run: () => Promise<unknown> }>,
  rounds: number,
  warmup = 20,
): Promise<Series[]> {
  for (let i = 0; i < warmup; i++) for (const c of cases) await c.run();
  const series = cases.map((c) => ({ name: c.name, samples: [] as number[] }));
  for (let i = 0; i < rounds; i++) {
    for (const [index, c] of cases.entries()) series[index]?.samples.push(await timed(c.run));
  }
  return series;
}

/** A table of median / p95 per series and each median's ratio to the first series'. */
export function report(title: string, series: readonly Series[]): string {
  const rows = series.map((s) => {
    const sorted = [...s.samples].sort((a, b) => a - b);
    return { name: s.name, n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  });
  const base = rows[0]?.p50 ?? 1;
  const width = Math.max(...rows.map((r) => r.name.length), 4);
  const lines = [
    title,
    `${"case".padEnd(width)}  ${"n".padStart(5)}  ${"p50 ms".padStart(8)}  ${"p95 ms".padStart(8)}  ${"p50 ratio".padStart(9)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(width)}  ${String(r.n).padStart(5)}  ${r.p50.toFixed(3).padStart(8)}  ${r.p95
          .toFixed(3)
          .padStart(8)}  ${(r.p50 / base).toFixed(2).padStart(9)}`,
    ),
  ];
  return lines.join("\n");
}

/** The median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
