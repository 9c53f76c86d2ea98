/**
 * Load from another process, as a load balancer's clients would send it: CONCURRENCY workers post
 * a query that calls the legacy backend, back to back over keep-alive connections, while /readyz
 * is polled; once readiness says 503 (draining) no new request starts, like a balancer taking the
 * instance out (a "stop" line on stdin stops it too). Every request that started must succeed.
 * Prints "warm" once requests flow, then when the last request has ended one JSON line: each
 * request's start, end and outcome, and when 503 was first seen.
 *
 * Usage: node --import tsx test/shutdown/load-client.ts <origin> <concurrency>
 */
import { createInterface } from "node:readline";

const [origin, concurrencyArg] = process.argv.slice(2);
if (!origin) throw new Error("usage: load-client.ts <origin> <concurrency>");
const concurrency = Number(concurrencyArg ?? 8);
/** A request of the load, and what became of it. */
interface Outcome {
  start: number;
  end: number;
  ok: boolean;
  detail?: string;
}
const outcomes: Outcome[] = [];
let drainingSeenAt: number | undefined;
let stopped = false;
const QUERY = JSON.stringify({ query: "query LoadClients { clients { id name } }" });
// Bounded: the test is over in seconds; never more than this many requests.
const MAX_REQUESTS = 5_000;

async function one(): Promise<Outcome> {
  const start = Date.now();
  try {
    const res = await fetch(`${origin}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json" },
      body: QUERY,
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await res.json()) as { data?: { clients?: unknown[] }; errors?: unknown[] };
    const ok = res.status === 200 && !body.errors && Array.isArray(body.data?.clients);
    return {
      start,
      end: Date.now(),
      ok,
      detail: ok ? undefined : `${res.status} ${JSON.stringify(body).slice(0, 200)}`,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return {
      start,
      end: Date.now(),
      ok: false,
      detail: `${(error as Error).message} ${cause?.code ?? cause?.message ?? ""}`,
    };
  }
}

async function worker(): Promise<void> {
  while (!stopped && outcomes.length < MAX_REQUESTS) {
    const outcome = await one();
    outcomes.push(outcome);
    if (outcomes.length === concurrency * 2) console.log("warm");
  }
}

async function pollReadiness(): Promise<void> {
  while (!stopped) {
    try {
      const res = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await res.body?.cancel();
      if (res.status === 503) stopped = true;
    } catch {
      // Refused: the listener is gone; nothing new may start either way.
      stopped = true;
    }
    if (stopped) drainingSeenAt = Date.now();
    else await new Promise((r) => setTimeout(r, 20));
  }
}

const workers = Array.from({ length: concurrency }, () => worker());
const poller = pollReadiness();

const report = async () => {
  await Promise.all([poller, ...workers]);
  console.log(JSON.stringify({ drainingSeenAt, outcomes }));
  process.exit(0);
};
createInterface({ input: process.stdin }).on("line", (line) => {
  if (line.trim() === "stop") stopped = true;
});
void report();
