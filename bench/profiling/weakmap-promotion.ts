/**
 * Profiling aid, not a figure: why per-request state lives on the request's own objects
 * (src/util/request-slot.ts), not in module-level WeakMaps. A loop stands for requests, ten at a
 * time, each value living 2 ms across a timer; each of WAYS runs in a node process of its own under
 * `--trace-gc-nvp`, and the bytes its scavenges promoted are printed per request.
 * Usage: npx tsx bench/profiling/weakmap-promotion.ts [seconds per way]
 */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

// `none`: the value is held by the request's own work only; `weakmap`: also in a module-level
// WeakMap keyed by the request, the value reaching back to its key (as a request's signals reach,
// through the listeners its execution leaves on them, the context and so the request);
// `weakmap-one-way`: the same, the value not reaching its key; `property`: on the key under a symbol.
const WAYS = ["none", "weakmap", "weakmap-one-way", "property"] as const;
type Way = (typeof WAYS)[number];

/** One way's loop, in this process; prints the requests served. */
async function child(way: Way, seconds: number): Promise<void> {
  const kept = new WeakMap<object, unknown>();
  const slot = Symbol("state");
  const request = async (i: number): Promise<number> => {
    const key: Record<symbol, unknown> & { id: number; headers: number[] } = {
      id: i,
      headers: new Array<number>(50).fill(i),
    };
    const value = { key, payload: new Array<string>(200).fill(`x${i}`) };
    if (way === "weakmap") kept.set(key, value);
    if (way === "weakmap-one-way") kept.set(key, { payload: value.payload });
    if (way === "property") key[slot] = value;
    await new Promise((resolve) => setTimeout(resolve, 2));
    return value.payload.length;
  };
  let served = 0;
  // Start-up (loading, compiling) promotes too: counting starts after a warm-up, at the mark.
  const counting = Date.now() + 500;
  const until = counting + seconds * 1000;
  let marked = false;
  const worker = async (): Promise<void> => {
    while (Date.now() < until) {
      if (!marked && Date.now() >= counting) {
        marked = true;
        served = 0;
        console.log("counting");
      }
      await request(served++);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  console.log(`served=${served}`);
}

const [, , role, way, secondsArg] = process.argv;
if (role === "--child") {
  await child(way as Way, Number(secondsArg));
} else {
  const seconds = Number(process.argv[2] ?? 3);
  console.log(`node ${process.version}; ${seconds} s per way, 10 requests at a time, each 2 ms long`);
  for (const one of WAYS) {
    const out = execFileSync(
      process.execPath,
      ["--trace-gc-nvp", "--import", "tsx", fileURLToPath(import.meta.url), "--child", one, String(seconds)],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    let promoted = 0;
    for (const line of out.slice(out.indexOf("counting")).split("\n")) {
      if (!/\bgc=s\b/.test(line)) continue;
      promoted += Number(/\bpromoted=(\d+)/.exec(line)?.[1] ?? 0);
    }
    const served = Number(/served=(\d+)/.exec(out)?.[1] ?? 0);
    console.log(`${one.padEnd(16)} ${served} requests, ${(promoted / served).toFixed(0)} bytes promoted per request`);
  }
}
