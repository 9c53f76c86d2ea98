/**
 * The benchmark harness: which scripts `npm run bench` runs, and the load runner's reading of
 * autocannon (a separate process) against a real server, failures included.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureScripts } from "../../bench/figures.js";
import { load } from "../../bench/load.js";
import { median } from "../../bench/stats.js";

describe("figure scripts", () => {
  it("lists every script that names its Run: line, and no helper", () => {
    const scripts = figureScripts();
    for (const figure of ["clients-throughput.ts", "decode.ts", "overview-latency.ts", "backend-calls.ts"]) {
      expect(scripts).toContain(figure);
    }
    for (const helper of ["stats.ts", "processes.ts", "process-child.ts", "load.ts", "call-suite.ts", "figures.ts"]) {
      expect(scripts).not.toContain(helper);
    }
    expect(scripts).not.toContain("run-all.ts");
  });
});

describe("load", () => {
  let url: string;
  let served = 0;
  const server = createServer((req, res) => {
    served += 1;
    // Every third request fails, so the runner must count failures apart from successes.
    res.writeHead(served % 3 === 0 ? 500 : 200, { "content-type": "application/json" });
    res.end(req.method === "POST" ? '{"ok":true}' : "{}");
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("runs autocannon in its own process and reads successes, failures and the rate", async () => {
    served = 0;
    const result = await load(url, { connections: 2, durationS: 1, method: "POST", body: "{}" });
    expect(result.ok).toBeGreaterThan(10);
    expect(result.failed).toBeGreaterThan(0);
    // autocannon may count a request or two the server answered after its deadline.
    expect(Math.abs(result.ok + result.failed - served)).toBeLessThanOrEqual(4);
    expect(result.failed / (result.ok + result.failed)).toBeCloseTo(1 / 3, 1);
    expect(result.rps).toBeGreaterThan(0);
  });
});

describe("median", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
});
