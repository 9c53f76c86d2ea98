/**
 * The benchmark harness: bench/'s layout (figure scripts at its top, profiling aids and support
 * below), the one process harness every benchmark starts its children through, and the load
 * runner's reading of autocannon (a separate process) against a real server, failures included.
 */
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { figureScripts } from "../../bench/support/figures.js";
import { load } from "../../bench/support/load.js";
import { startProcess, withProcesses } from "../../bench/support/processes.js";
import { median } from "../../bench/support/stats.js";
import { operationOf, type TimelineNote } from "../../bench/profiling/timeline-hook.js";

const BENCH = fileURLToPath(new URL("../../bench/", import.meta.url));
const tsFiles = (dir: string) => readdirSync(join(BENCH, dir)).filter((file) => file.endsWith(".ts"));

describe("figure scripts", () => {
  it("are every script at bench/'s top but the runner, each naming its Run: line", () => {
    const scripts = figureScripts();
    for (const figure of ["clients-throughput.ts", "decode.ts", "overview-latency.ts", "backend-calls.ts"]) {
      expect(scripts).toContain(figure);
    }
    expect(scripts).toEqual(
      tsFiles(".")
        .filter((file) => file !== "run-all.ts")
        .sort(),
    );
  });

  it("leave profiling aids and support below bench/, where npm run bench never runs them", () => {
    for (const dir of ["profiling", "support"]) expect(figureScripts(join(BENCH, dir)), dir).toEqual([]);
    expect(tsFiles("profiling")).toContain("profile-gateway.ts");
    expect(tsFiles("support")).toContain("processes.ts");
  });
});

describe("the process harness", () => {
  it("starts the sandbox from the sources through tsx, announces its URL and stops it", async () => {
    await withProcesses(async () => {
      const sandbox = await startProcess("legacy-sandbox", { tsx: true });
      expect(sandbox.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${sandbox.url}/__sandbox/calls`)).status).toBe(200);
      await sandbox.stop();
      await expect(fetch(`${sandbox.url}/__sandbox/calls`)).rejects.toThrow();
    });
  });

  it("finds the child of a build made before bench/support/, and kills what a script leaves running", async () => {
    // A build of the former layout: its child at bench/process-child.js, announcing its URL.
    const build = mkdtempSync(join(tmpdir(), "bench-build-"));
    mkdirSync(join(build, "bench"));
    writeFileSync(
      join(build, "bench", "process-child.js"),
      `const server = require("node:http").createServer((req, res) => res.end(process.argv[2]));
       server.listen(0, "127.0.0.1", () =>
         process.stdout.write(JSON.stringify({ url: "http://127.0.0.1:" + server.address().port }) + "\\n"));`,
    );
    let pid = 0;
    try {
      await withProcesses(async () => {
        const child = await startProcess("gateway", { build });
        pid = child.pid;
        expect(await (await fetch(child.url)).text()).toBe("gateway");
        // Not stopped: it ignores its stdin, so only the harness's kill ends it.
      });
      await expect.poll(() => alive(pid)).toBe(false);
    } finally {
      rmSync(build, { recursive: true, force: true });
    }
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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

describe("the timeline hook", () => {
  it("names a call's legacy operation by its SOAPAction, else by its path", () => {
    expect(operationOf('"http://example.com/api/User.GetClients"', "/api/api.asmx")).toBe("User.GetClients");
    expect(operationOf(undefined, "/api/api.asmx/List.GetStats?ApiKey=k")).toBe("List.GetStats");
  });

  it("notes each call and each served request of a process it is loaded into, in order, when it exits", async () => {
    const dir = mkdtempSync(join(tmpdir(), "timeline-hook-"));
    const hook = fileURLToPath(new URL("../../bench/profiling/timeline-hook.ts", import.meta.url));
    // A server and a client in one process: a SOAP call, then a GET call.
    const program = `
      import { createServer } from "node:http";
      import { request } from "undici";
      const server = createServer((req, res) => req.resume().on("end", () => res.end("ok")));
      server.listen(0, "127.0.0.1", async () => {
        const origin = "http://127.0.0.1:" + server.address().port;
        const soap = await request(origin + "/api/api.asmx", {
          method: "POST", headers: { SOAPAction: '"http://example.com/api/User.GetClients"' }, body: "<x/>",
        });
        await soap.body.text();
        await (await request(origin + "/api/api.asmx/List.GetStats?ApiKey=k")).body.text();
        server.close();
      });`;
    try {
      await promisify(execFile)(
        process.execPath,
        ["--import", "tsx", "--import", hook, "--input-type=module", "-e", program],
        { env: { ...process.env, MAILGRAPH_TIMELINE_DIR: dir }, timeout: 20_000 },
      );
      const [file] = readdirSync(dir);
      const notes = JSON.parse(readFileSync(join(dir, file!), "utf8")) as TimelineNote[];
      const seen = (label: string) => notes.filter((n) => n.label === label).map((n) => n.kind);
      const order = ["call-create", "call-write", "server-start", "server-finish", "call-headers", "call-end"];
      expect(seen("User.GetClients")).toEqual(order);
      expect(seen("List.GetStats")).toEqual(order);
      const times = notes.map((n) => n.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the least GraphQL server of the Overview (bench/support/yoga-overview.ts)", () => {
  it("answers the Overview with the gateway's values, from the same 39 calls", async () => {
    const { startStack, callCounts } = await import("../support/stack.js");
    const { startYogaOverview } = await import("../../bench/support/yoga-overview.js");
    const { WHOLE_OVERVIEW_QUERY } = await import("../../bench/support/overview-request.js");
    const stack = await startStack();
    const minimal = await startYogaOverview(stack.legacy.url);
    try {
      const overview = async (url: string) => {
        const before = callCounts(stack.legacy);
        const res = await fetch(`${url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ query: WHOLE_OVERVIEW_QUERY }),
        });
        const body = (await res.json()) as { data?: unknown; errors?: unknown };
        const after = callCounts(stack.legacy);
        const calls = Object.fromEntries(Object.entries(after).map(([op, n]) => [op, n - (before[op] ?? 0)]));
        // Ids differ in form (the gateway's are global ids); everything else must be the same.
        const values = JSON.parse(JSON.stringify(body.data), (key, value: unknown) =>
          key === "id" ? undefined : value,
        );
        return { status: res.status, errors: body.errors, values, calls };
      };
      const gateway = await overview(stack.gateway.url);
      const reference = await overview(minimal.url);
      expect(reference.status).toBe(200);
      expect(reference.errors).toBeUndefined();
      expect(gateway.errors).toBeUndefined();
      expect(reference.values).toEqual(gateway.values);
      expect(reference.calls).toEqual(gateway.calls);
      expect(Object.values(reference.calls).reduce((a, b) => a + b, 0)).toBe(39);
    } finally {
      await minimal.close();
      await stack.close();
    }
  });
});
