/**
 * Export files across requests (src/backends/commerce/export-files.ts): a process-wide bound on
 * files read at once, reads shared by callers of the same credential, completed files kept within
 * bounds, callers leaving while they wait, and the compact table a file becomes.
 */
import type { ServerResponse } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeySigner, partnerSigner, popSigner } from "../../../src/backends/commerce/auth.js";
import { CommerceClient } from "../../../src/backends/commerce/client.js";
import { ExportFiles, signerIdentity, type ExportFileLimits } from "../../../src/backends/commerce/export-files.js";
import {
  EXPORT_MAX_STATUSES,
  ExportTableBuilder,
  type ExportTable,
} from "../../../src/backends/commerce/export-table.js";
import { CallBudget, CallBudgetError } from "../../../src/domain/call-budget.js";
import type { CallAbort } from "../../../src/util/call-abort.js";
import { testLimits } from "./support/limits.js";
import { startStub, type Stub } from "./support/stub-server.js";

/** A table of `rows` rows of address `name-i@x.io`. */
function tableOf(name: string, rows = 3): ExportTable {
  const builder = new ExportTableBuilder();
  for (let i = 0; i < rows; i++) builder.add(`${name}-${i}@x.io`, i % 2 === 0 ? "subscribed" : "pending");
  return builder.finish();
}

/** A load the test finishes by hand, recording how many run at once and the signal each got. */
function loads() {
  let active = 0;
  const state = {
    most: 0,
    started: [] as string[],
    signals: new Map<string, CallAbort>(),
    finish: new Map<string, (table: ExportTable | Error) => void>(),
  };
  const load = (name: string) => (signal: CallAbort) => {
    active += 1;
    state.most = Math.max(state.most, active);
    state.started.push(name);
    state.signals.set(name, signal);
    return new Promise<ExportTable>((resolve, reject) => {
      state.finish.set(name, (outcome) => {
        active -= 1;
        if (outcome instanceof Error) reject(outcome);
        else resolve(outcome);
      });
    });
  };
  return Object.assign(state, { load });
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected a rejection");
    },
    (e: unknown) => e,
  );
}

describe("ExportFiles", () => {
  it("reads at most filesAtOnce files at the same time; the others wait their turn, in order", async () => {
    const files = new ExportFiles({ filesAtOnce: 2 });
    const l = loads();
    const names = ["a", "b", "c", "d", "e", "f", "g"];
    const reads = names.map((name) => files.read(name, undefined, l.load(name)));
    await turn();
    expect(l.started).toEqual(["a", "b"]);
    expect(files.stats).toMatchObject({ reading: 2, waiting: 5 });
    for (const name of names) {
      await turn();
      l.finish.get(name)?.(tableOf(name));
      await turn();
    }
    await Promise.all(reads);
    expect(l.started).toEqual(names);
    expect(l.most).toBe(2);
  });

  it("shares a file being read between callers of one key, and keeps it: one load in all", async () => {
    const files = new ExportFiles();
    const l = loads();
    const first = files.read("k", undefined, l.load("k1"));
    const second = files.read("k", undefined, l.load("k2"));
    await turn();
    l.finish.get("k1")?.(tableOf("k"));
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(await files.read("k", undefined, l.load("k3"))).toBe(a);
    expect(l.started).toEqual(["k1"]);
    // Another key is a read of its own.
    const other = files.read("other", undefined, l.load("o"));
    await turn();
    l.finish.get("o")?.(tableOf("o"));
    expect(await other).not.toBe(a);
  });

  it("keeps no failure: the next caller reads again", async () => {
    const files = new ExportFiles();
    const l = loads();
    const failed = files.read("k", undefined, l.load("k1"));
    await turn();
    l.finish.get("k1")?.(new Error("409"));
    expect(await rejection(failed)).toMatchObject({ message: "409" });
    const again = files.read("k", undefined, l.load("k2"));
    await turn();
    l.finish.get("k2")?.(tableOf("k"));
    await again;
    expect(l.started).toEqual(["k1", "k2"]);
  });

  it("lets a waiting caller leave when its signal fires, and never reads a file nobody waits for", async () => {
    const files = new ExportFiles({ filesAtOnce: 1 });
    const l = loads();
    const first = files.read("a", undefined, l.load("a"));
    const caller = new AbortController();
    const waiting = files.read("b", caller.signal, l.load("b"));
    await turn();
    const gone = new DOMException("The request's deadline passed.", "TimeoutError");
    caller.abort(gone);
    // Answered at once, while "a" still holds the only turn.
    expect(await rejection(waiting)).toBe(gone);
    l.finish.get("a")?.(tableOf("a"));
    await first;
    await turn();
    expect(l.started).toEqual(["a"]);
    expect(files.stats).toMatchObject({ reading: 0, waiting: 0, kept: 1 });
  });

  it("goes on with a shared read when one caller leaves; the last to leave stops it, and a later caller reads anew", async () => {
    const files = new ExportFiles();
    const l = loads();
    const one = new AbortController();
    const two = new AbortController();
    const a = files.read("k", one.signal, l.load("k1"));
    const b = files.read("k", two.signal, l.load("k2"));
    await turn();
    one.abort(new Error("one left"));
    expect(await rejection(a)).toMatchObject({ message: "one left" });
    expect(l.signals.get("k1")?.aborted).toBe(false);
    two.abort(new Error("two left"));
    expect(await rejection(b)).toMatchObject({ message: "two left" });
    expect(l.signals.get("k1")?.aborted).toBe(true);

    const c = files.read("k", undefined, l.load("k3"));
    await turn();
    expect(l.started).toEqual(["k1", "k3"]);
    l.finish.get("k1")?.(new Error("aborted"));
    l.finish.get("k3")?.(tableOf("k"));
    expect((await c).length).toBe(3);
  });

  it("keeps at most cachedFiles files and cachedBytes bytes, the least recently used going first", async () => {
    const size = tableOf("x").bytes;
    const limits: Partial<ExportFileLimits> = { cachedFiles: 3, cachedBytes: 10 * size };
    const files = new ExportFiles(limits);
    const l = loads();
    const read = async (name: string, table = tableOf("x")) => {
      const pending = files.read(name, undefined, l.load(`${name}${l.started.length}`));
      await turn();
      l.finish.get(`${name}${l.started.length - 1}`)?.(table);
      return pending;
    };
    for (const name of ["a", "b", "c"]) await read(name);
    // "a" used again: "b" is the least recently used when "d" comes.
    await files.read("a", undefined, l.load("never"));
    await read("d");
    expect(files.stats.kept).toBe(3);
    const before = l.started.length;
    for (const name of ["a", "c", "d"]) await files.read(name, undefined, l.load("never"));
    expect(l.started.length).toBe(before);
    await read("b");
    expect(l.started.length).toBe(before + 1);

    // A file heavier than every kept file together may weigh is handed out, not kept.
    const heavy = new ExportFiles({ cachedBytes: size - 1 });
    const h = loads();
    const pending = heavy.read("h", undefined, h.load("h"));
    await turn();
    h.finish.get("h")?.(tableOf("x"));
    await pending;
    expect(heavy.stats).toMatchObject({ kept: 0, keptBytes: 0 });
    // By bytes: two files' worth keeps two.
    const byBytes = new ExportFiles({ cachedFiles: 100, cachedBytes: 2 * size });
    const bl = loads();
    for (const name of ["p", "q", "r"]) {
      const p = byBytes.read(name, undefined, bl.load(name));
      await turn();
      bl.finish.get(name)?.(tableOf("x"));
      await p;
    }
    expect(byBytes.stats).toMatchObject({ kept: 2, keptBytes: 2 * size });
  });

  it("reads a file without a key for its caller alone, and keeps none", async () => {
    const files = new ExportFiles();
    const l = loads();
    const a = files.read(undefined, undefined, l.load("a"));
    const b = files.read(undefined, undefined, l.load("b"));
    await turn();
    l.finish.get("a")?.(tableOf("a"));
    l.finish.get("b")?.(tableOf("b"));
    await Promise.all([a, b]);
    expect(l.started).toEqual(["a", "b"]);
    expect(files.stats.kept).toBe(0);
  });
});

describe("signerIdentity", () => {
  const secret = "S".repeat(64);
  it("is one per credential, whichever signer object carries it, and shows none of its secrets", () => {
    const key = "store-api-key-0123456789";
    const one = signerIdentity(apiKeySigner(key));
    expect(one).toEqual(expect.any(String));
    expect(signerIdentity(apiKeySigner(key))).toBe(one);
    expect(signerIdentity(apiKeySigner(`${key}x`))).not.toBe(one);
    expect(one).not.toContain(key);

    const pop = (accessToken: string) => signerIdentity(popSigner({ accessToken, clientSecret: secret }));
    expect(pop("token-a")).toBe(pop("token-a"));
    expect(pop("token-a")).not.toBe(pop("token-b"));
    expect(pop("token-a")).not.toBe(one);
  });

  it("is none for a partner's signer and one of unknown secrets: their files are not shared", () => {
    expect(signerIdentity(partnerSigner({ appId: "app", clientSecret: secret }))).toBeUndefined();
    expect(signerIdentity({ scheme: "apiKey", headers: () => Promise.resolve({}) })).toBeUndefined();
  });
});

describe("the export table", () => {
  it("holds each row's address and status as the file does, and makes objects only for a slice", () => {
    const builder = new ExportTableBuilder();
    const emails = Array.from({ length: 10_000 }, (_, i) => (i === 7 ? "zoë@exämple.org" : `u${i}@x.io`));
    emails.forEach((email, i) => builder.add(email, ["subscribed", "Pending ", "unsubscribed"][i % 3]!));
    const table = builder.finish();
    expect(table.length).toBe(10_000);
    expect(table.statuses).toEqual(["subscribed", "Pending ", "unsubscribed"]);
    expect(table.rows(6, 9)).toEqual([
      { email: "u6@x.io", status: "subscribed" },
      { email: "zoë@exämple.org", status: "Pending " },
      { email: "u8@x.io", status: "unsubscribed" },
    ]);
    expect(table.email(9_999)).toBe("u9999@x.io");
    expect(() => table.email(10_000)).toThrow(RangeError);
    // About the addresses' characters, four bytes of offset and one of status a row.
    const chars = emails.reduce((n, e) => n + e.length, 0);
    expect(table.bytes).toBeGreaterThanOrEqual(chars + 5 * 10_000);
    expect(table.bytes).toBeLessThan(chars + 5 * 10_000 + 1024);
  });

  it(`refuses more than ${EXPORT_MAX_STATUSES} distinct statuses`, () => {
    const builder = new ExportTableBuilder();
    for (let i = 0; i < EXPORT_MAX_STATUSES; i++) builder.add("a@x.io", `s${i}`);
    expect(() => builder.add("a@x.io", "one more")).toThrow(/distinct statuses/);
  });
});

describe("the client's export files", () => {
  let stub: Stub;
  let inFlight = 0;
  let most = 0;
  const clients: CommerceClient[] = [];
  /** Held replies, answered by the test. */
  const held: ServerResponse[] = [];
  const csv = (res: ServerResponse) => {
    res.writeHead(200, { "content-type": "text/csv" });
    res.end("email,status\na@x.io,subscribed\nb@x.io,pending\n");
  };

  beforeAll(async () => {
    stub = await startStub();
  });
  afterEach(async () => {
    for (const res of held.splice(0)) csv(res);
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => stub.close());

  function clientWith(exportFiles: Partial<ExportFileLimits>): CommerceClient {
    const client = new CommerceClient({ baseUrl: `${stub.url}/api/v1`, limits: testLimits(), exportFiles });
    clients.push(client);
    return client;
  }

  /** Answers each request after `ms`, counting how many are open at once. */
  function slowCsv(ms: number) {
    inFlight = 0;
    most = 0;
    stub.handle((_req, res) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        csv(res);
      }, ms);
    });
  }

  it("never has more than filesAtOnce files in flight, however many callers ask for different files", async () => {
    slowCsv(40);
    const client = clientWith({ filesAtOnce: 2 });
    const auth = apiKeySigner("export-files-key-0001");
    stub.received.length = 0;
    const tables = await Promise.all(Array.from({ length: 7 }, (_, i) => client.getJobResult(auth, `job${i}`)));
    expect(tables.map((t) => t.length)).toEqual(Array.from({ length: 7 }, () => 2));
    expect(stub.received).toHaveLength(7);
    expect(most).toBe(2);
  });

  it("reads a file once for callers of one key, and again for another key", async () => {
    slowCsv(20);
    const client = clientWith({});
    stub.received.length = 0;
    const key = "export-files-key-0002";
    await Promise.all(Array.from({ length: 5 }, () => client.getJobResult(apiKeySigner(key), "job1")));
    expect(stub.received).toHaveLength(1);
    await client.getJobResult(apiKeySigner("export-files-key-0003"), "job1");
    expect(stub.received).toHaveLength(2);
    expect(stub.received.map((r) => r.headers["x-apikey"])).toEqual([key, "export-files-key-0003"]);
  });

  it("a shared read is paid by a caller still waiting whose budget has room, not by the first caller's alone", async () => {
    stub.handle((req, res) => {
      if (req.url?.includes("blocker")) held.push(res);
      else csv(res);
    });
    const client = clientWith({ filesAtOnce: 1 });
    const auth = () => apiKeySigner("export-files-key-0009");
    stub.received.length = 0;
    // Another file holds the only turn while two requests of one credential ask for job1.
    const blocker = client.getJobResult(auth(), "blocker");
    const spent = new CallBudget();
    spent.limit(1);
    const first = client.getJobResult(auth(), "job1", { budget: spent });
    spent.take(); // the first request's other fields spend its last call while it waits
    const roomy = new CallBudget();
    roomy.limit(100);
    const second = client.getJobResult(auth(), "job1", { budget: roomy });
    await new Promise((r) => setTimeout(r, 30));
    csv(held.shift()!);
    await blocker;
    expect((await first).length).toBe(2);
    expect((await second).length).toBe(2);
    expect(roomy.taken).toBe(1);
    expect(stub.received.filter((r) => r.url.includes("job1"))).toHaveLength(1);
  });

  it("a shared read no waiting caller can pay for is refused with the budget's error, nothing sent", async () => {
    stub.handle((_req, res) => csv(res));
    const client = clientWith({});
    stub.received.length = 0;
    const spent = new CallBudget();
    spent.limit(0);
    await expect(client.getJobResult(apiKeySigner("export-files-key-0010"), "job1", { budget: spent })).rejects.toThrow(
      CallBudgetError,
    );
    expect(stub.received).toHaveLength(0);
  });

  it("a caller waiting for a turn that goes away is answered as aborted, and its file is not asked for", async () => {
    stub.handle((_req, res) => void held.push(res));
    const client = clientWith({ filesAtOnce: 1 });
    const auth = apiKeySigner("export-files-key-0004");
    stub.received.length = 0;
    const first = client.getJobResult(auth, "job1");
    const caller = new AbortController();
    const second = client.getJobResult(auth, "job2", { signal: caller.signal });
    await new Promise((r) => setTimeout(r, 50));
    caller.abort(new DOMException("gone", "AbortError"));
    expect(await rejection(second)).toMatchObject({ code: "COMMERCE_ABORTED" });
    for (const res of held.splice(0)) csv(res);
    await first;
    await new Promise((r) => setTimeout(r, 20));
    expect(stub.received.map((r) => r.url)).toEqual(["/api/v1/async-jobs/job1/result"]);
  });

  it("refuses a file of more distinct statuses than a table holds as a bad reply", async () => {
    stub.handle((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.end(`email,status\n${Array.from({ length: 300 }, (_, i) => `a${i}@x.io,s${i}`).join("\n")}\n`);
    });
    const client = clientWith({});
    const error = await rejection(client.getJobResult(apiKeySigner("export-files-key-0005"), "job1"));
    expect(error).toMatchObject({ code: "COMMERCE_BAD_RESPONSE" });
    expect((error as Error).message).toMatch(/distinct statuses/);
  });
});
