/**
 * The shared HTTP layer on its own, against a real node:http server: replies and headers come
 * back whole, the size cap holds (declared and streamed) with the status kept, failures are
 * reduced to kinds with scrubbed causes, and one redactor serves both backends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BackendHttp, BackendHttpError, type BackendSendOptions } from "../../src/backends/http.js";
import { redact, redactorFor, sanitizedCause, secretsFromHeaders } from "../../src/util/redact.js";
import type { HttpLimits } from "../../src/config.js";
import { listen, type Listening } from "../../src/util/listen.js";

const limits: HttpLimits = {
  connectTimeoutMs: 2_000,
  headersTimeoutMs: 2_000,
  bodyTimeoutMs: 2_000,
  maxResponseBytes: 1024,
  connections: 2,
  deadlineMs: 5_000,
};
const SECRET = "s3cr3t key/with+chars";
const options: BackendSendOptions = { redact: redactorFor(SECRET) };

let server: Listening;
let http: BackendHttp;
beforeAll(async () => {
  server = await listen((req, res) => {
    req.resume();
    const path = req.url ?? "";
    if (path.startsWith("/echo")) {
      res.writeHead(201, { "content-type": "text/plain", "x-twice": ["a", "b"] });
      res.end(`${req.method} ${path}`);
    } else if (path === "/declared") {
      res.writeHead(200, { "content-length": "5000" });
      res.write("x");
    } else if (path === "/streamed") {
      res.writeHead(503);
      for (let i = 0; i < 8; i++) res.write("y".repeat(512));
      res.end();
    } else res.end();
  });
  http = new BackendHttp(limits);
});
afterAll(async () => {
  await http.close();
  await server.close();
});

async function failure(promise: Promise<unknown>): Promise<BackendHttpError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BackendHttpError);
  return error as BackendHttpError;
}

describe("BackendHttp", () => {
  it("does not send a call whose caller left while it waited for a connection, and goes on with the rest", async () => {
    const seen: string[] = [];
    const single = new BackendHttp({ ...limits, connections: 1 });
    const probe = await listen((req, res) => {
      seen.push(req.url ?? "");
      req.resume();
      setTimeout(() => res.end(req.url), 100);
    });
    try {
      const request = (path: string) => ({ method: "GET" as const, origin: probe.url, path, headers: {} });
      const caller = new AbortController();
      const first = single.send(request("/first"), options);
      const queued = failure(single.send(request("/queued"), { ...options, signal: caller.signal }));
      caller.abort();
      expect(await queued).toMatchObject({ kind: "aborted" });
      const last = await single.send(request("/last"), options);
      expect((await first).body.toString()).toBe("/first");
      expect(last.body.toString()).toBe("/last");
      expect(seen).toEqual(["/first", "/last"]);
    } finally {
      await single.close();
      await probe.close();
    }
  });

  it("after refusing an oversized reply, the next call on the pool gets its own reply whole", async () => {
    const single = new BackendHttp({ ...limits, connections: 1 });
    try {
      const request = (path: string) => ({ method: "GET" as const, origin: server.url, path, headers: {} });
      expect(await failure(single.send(request("/streamed"), options))).toMatchObject({ kind: "too-large" });
      const reply = await single.send(request("/echo/after"), options);
      expect(reply.status).toBe(201);
      expect(reply.body.toString()).toBe("GET /echo/after");
    } finally {
      await single.close();
    }
  });

  it("sends the path and query exactly as given and returns status, flat headers and body", async () => {
    const path = "/echo/a.b?ApiKey=x%27y&n=1+2";
    const reply = await http.send({ method: "POST", origin: server.url, path, headers: {}, body: "b" }, options);
    expect(reply.status).toBe(201);
    expect(reply.headers["content-type"]).toBe("text/plain");
    expect(reply.headers["x-twice"]).toBe("a, b");
    expect(reply.body.toString()).toBe(`POST ${path}`);
  });

  it("refuses a body over the cap, declared or streamed, keeping the status", async () => {
    const declared = await failure(
      http.send({ method: "GET", origin: server.url, path: "/declared", headers: {} }, options),
    );
    expect(declared).toMatchObject({ kind: "too-large", status: 200, maxBytes: 1024 });
    const streamed = await failure(
      http.send({ method: "GET", origin: server.url, path: "/streamed", headers: {} }, options),
    );
    expect(streamed).toMatchObject({ kind: "too-large", status: 503, maxBytes: 1024 });
  });

  it("reports a refused connection as unavailable with its code and a scrubbed cause", async () => {
    const closed = await listen((_req, res) => res.end());
    await closed.close();
    const path = `/?k=${encodeURIComponent(SECRET)}`;
    const error = await failure(http.send({ method: "GET", origin: closed.url, path, headers: {} }, options));
    expect(error).toMatchObject({ kind: "unavailable", code: "ECONNREFUSED" });
    expect(error.cause).toMatchObject({ code: "ECONNREFUSED" });
    expect(error.cause?.stack).not.toContain(encodeURIComponent(SECRET));
  });

  it("reports a request undici refuses to send as failed, with its code", async () => {
    const error = await failure(
      http.send({ method: "GET", origin: server.url, path: `/?k=${SECRET}`, headers: {} }, options),
    );
    expect(error).toMatchObject({ kind: "failed", code: "UND_ERR_INVALID_ARG" });
    expect(`${error.message} ${error.cause?.message}`).not.toContain(SECRET);
  });
});

describe("the redactor", () => {
  it("scrubs a secret as sent and in both URL encodings, longest first", () => {
    const scrub = redactorFor([SECRET, "s3cr3t"]);
    const shown = scrub(
      `a ${SECRET} b ${encodeURIComponent(SECRET)} c ${new URLSearchParams({ k: SECRET }).toString().slice(2)}`,
    );
    expect(shown).toBe("a [redacted] b [redacted] c [redacted]");
    expect(scrub("s3cr3t alone")).toBe("[redacted] alone");
  });

  it("skips empty and missing secrets, and is the identity without any", () => {
    expect(redactorFor(undefined)("text")).toBe("text");
    expect(redactorFor(["", undefined])("text")).toBe("text");
    expect(redact("k=abc", ["abc", ""])).toBe("k=[redacted]");
  });

  it("takes credential headers apart: whole value, token and long JWS segments", () => {
    const secrets = secretsFromHeaders({ Authorization: "PoP aaaaaaaaaa.bbbbbbbbbb.cc" });
    expect(secrets).toEqual(["PoP aaaaaaaaaa.bbbbbbbbbb.cc", "aaaaaaaaaa.bbbbbbbbbb.cc", "aaaaaaaaaa", "bbbbbbbbbb"]);
  });

  it("keeps only name, code and a scrubbed message of a cause", () => {
    const raw = Object.assign(new TypeError(`bad ${SECRET}`), { code: "E_X", request: { headers: SECRET } });
    const cause = sanitizedCause(raw, redactorFor(SECRET));
    expect(cause).toMatchObject({ name: "TypeError", code: "E_X", message: "bad [redacted]" });
    expect(JSON.stringify(Object.entries(cause))).not.toContain(SECRET);
  });
});
