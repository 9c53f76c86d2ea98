/**
 * The first part of the deferred `Overview` (the clients, one wave of backend calls) with 20 ms
 * added to every backend reply, against the whole `Overview` without @defer (three waves) read as
 * one JSON result from the same gateway; the deferred answer's last part beside. Target: the first
 * part's p50 ≤ 0.5× the whole Overview's.
 * Run: npx tsx bench/overview-defer.ts [rounds]
 */
import { performance } from "node:perf_hooks";
import { DEMO } from "../src/sandbox/demo-data.js";
import { OVERVIEW_QUERY } from "../src/server.js";
import { WHOLE_OVERVIEW_QUERY } from "./support/overview-request.js";
import { startProcess, withProcesses } from "./support/processes.js";
import { percentile, report, type Series } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 40);
const WARMUP = 5;
const DELAY_MS = 20;
const TARGET_RATIO = 0.5;

/** Milliseconds from sending the whole Overview to having read its one result. */
async function whole(url: string): Promise<number> {
  const start = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify({ query: WHOLE_OVERVIEW_QUERY }),
  });
  const body = (await res.json()) as { errors?: unknown[] };
  const ms = performance.now() - start;
  if (res.status !== 200 || body.errors) throw new Error(`the whole Overview failed: ${JSON.stringify(body.errors)}`);
  return ms;
}

/**
 * Milliseconds from sending the deferred Overview to having read its first part (a whole
 * multipart/mixed part: its boundary after it is in), and to the end of its last.
 */
async function deferred(url: string): Promise<{ first: number; last: number }> {
  const start = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "multipart/mixed" },
    body: JSON.stringify({ query: OVERVIEW_QUERY }),
  });
  if (!res.headers.get("content-type")?.startsWith("multipart/mixed")) throw new Error("no multipart answer");
  const decoder = new TextDecoder();
  let text = "";
  let first: number | undefined;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    // The body opens with a boundary; a part is whole once the boundary after it has arrived.
    if (first === undefined && text.indexOf("\r\n---", text.indexOf("\r\n---") + 5) !== -1) {
      first = performance.now() - start;
    }
  }
  const last = performance.now() - start;
  if (first === undefined || !text.endsWith("-----\r\n") || text.includes('"errors"')) {
    throw new Error(`the deferred Overview failed: ${text.slice(0, 300)}`);
  }
  return { first, last };
}

await withProcesses(async () => {
  // Each reply held 20 ms plus its own work's time after its request arrived, as in overview-latency.ts.
  const sandbox = await startProcess("legacy-sandbox", { args: [String(DELAY_MS), "0"] });
  // No cache (every request reads the backends) and no budget (so the rounds are not throttled).
  const gateway = await startProcess("gateway", {
    env: { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open", CACHE: "off", BUDGET: "off" },
  });

  const series: Series[] = [
    { name: "whole Overview, no @defer: its one result", samples: [] },
    { name: "deferred Overview: first part (the clients)", samples: [] },
    { name: "deferred Overview: last part", samples: [] },
  ];
  for (let i = 0; i < WARMUP + rounds; i++) {
    const baseline = await whole(gateway.url);
    const { first, last } = await deferred(gateway.url);
    if (i < WARMUP) continue;
    series[0]!.samples.push(baseline);
    series[1]!.samples.push(first);
    series[2]!.samples.push(last);
  }

  console.log(
    `node ${process.version}; ${rounds} interleaved rounds per case after ${WARMUP} warm-up rounds; the sandbox (every ` +
      `reply held ${DELAY_MS} ms plus its own work's time) and the gateway (CACHE=off, BUDGET=off) in processes of ` +
      `their own, requests one at a time from this one\n`,
  );
  console.log(report(`Overview with ${DELAY_MS} ms added to every backend reply: deferred, against whole`, series));
  const p50 = (s: Series) =>
    percentile(
      [...s.samples].sort((a, b) => a - b),
      50,
    );
  const ratio = p50(series[1]!) / p50(series[0]!);
  console.log(
    `first part of the deferred Overview p50 ${p50(series[1]!).toFixed(1)} ms, ${ratio.toFixed(2)}× the whole ` +
      `Overview's ${p50(series[0]!).toFixed(1)} ms, against the target of ≤ ${TARGET_RATIO}×: ` +
      `${ratio <= TARGET_RATIO ? "met" : "NOT met"}; its last part ${p50(series[2]!).toFixed(1)} ms`,
  );
});
