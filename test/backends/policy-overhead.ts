/**
 * What the backend policy (bulkhead, breaker, read retries) costs per call: process CPU
 * per GET against a local server, with and without a policy, 16 calls at once, median of 9 rounds
 * of 10,000. CPU rather than wall time, since the machines are shared. Run:
 * `npx tsx test/backends/policy-overhead.ts`.
 */
import { BackendHttp } from "../../src/backends/http.js";
import { redactorFor } from "../../src/util/redact.js";
import { BackendPolicy } from "../../src/backends/resilience.js";
import { listen } from "../../src/util/listen.js";
const server = await listen((req, res) => {
  req.resume();
  res.end("ok");
});
const limits = {
  connectTimeoutMs: 1000,
  headersTimeoutMs: 5000,
  bodyTimeoutMs: 5000,
  maxResponseBytes: 65536,
  connections: 16,
  deadlineMs: 5000,
};
const settings = {
  retryAttempts: 2,
  retryBaseDelayMs: 100,
  retryMaxDelayMs: 2000,
  breakerFailures: 5,
  breakerHalfOpenMs: 10000,
  bulkheadLimit: 16,
  bulkheadQueue: 512,
};
const plain = new BackendHttp(limits);
const guarded = new BackendHttp({ ...limits, policy: new BackendPolicy("commerce", settings) });
const opts = { redact: redactorFor("k") };
async function run(http: BackendHttp, n: number) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i += 16)
    await Promise.all(
      Array.from({ length: 16 }, () =>
        http.send({ method: "GET", origin: server.url, path: "/api/v1/segments", headers: {} }, opts),
      ),
    );
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / 1000 / n;
}
await run(plain, 2000);
await run(guarded, 2000);
const r: Record<string, number[]> = { plain: [], policy: [] };
for (let k = 0; k < 9; k++) {
  r.plain!.push(await run(plain, 10000));
  r.policy!.push(await run(guarded, 10000));
}
const med = (a: number[]) => a.sort((x, y) => x - y)[4]!;
console.log(
  `per call, process CPU (client and server together), median of 9 x 10000 (16 at once): plain ${(med(r.plain!) * 1000).toFixed(1)} us, with policy ${(med(r.policy!) * 1000).toFixed(1)} us`,
);

// The policy alone, around an attempt that answers at once: no sockets, so no noise from them.
const alone = new BackendPolicy("commerce", settings);
const answer = { status: 200, headers: {}, body: Buffer.alloc(0) };
const never = new AbortController().signal;
const request = { method: "GET" as const, origin: server.url, path: "/api/v1/segments", headers: {} };
async function runAlone(n: number) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < n; i += 16)
    await Promise.all(
      Array.from({ length: 16 }, () =>
        alone.run(
          {
            request,
            idempotent: true,
            operation: "GET /segments",
            deadlineAt: Date.now() + 5000,
            deadlineMs: 5000,
            signal: never,
          },
          () => Promise.resolve(answer),
        ),
      ),
    );
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / n;
}
await runAlone(20_000);
const aloneRuns: number[] = [];
for (let k = 0; k < 9; k++) aloneRuns.push(await runAlone(50_000));
console.log(`policy.run alone, process CPU per call, median of 9 x 50000: ${med(aloneRuns).toFixed(1)} us`);
await plain.close();
await guarded.close();
await server.close();
