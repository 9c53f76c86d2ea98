/**
 * The gateway's webhook ingress decides what it can before reading a body: a wrong legacy token, a
 * missing, forged, malformed or stale commerce JWS and a Content-Length over the cap are answered
 * at once, with the connection closed, while the sender has sent only the headers and a few bytes
 * of a large declared body; a body that trickles past WEBHOOK_BODY_DEADLINE_MS is answered 408; and
 * the bodies of senders that passed authentication share a bounded budget of bytes. Raw sockets,
 * so the test controls exactly which bytes the gateway has seen.
 */
import { createHash } from "node:crypto";
import { connect, type Socket } from "node:net";
import { CompactSign } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_BUDGET_IN_CAPS } from "../../../src/events/ingress/index.js";
import type { Gateway } from "../../../src/server.js";
import { startGateway } from "../../support/stack.js";

const TOKEN = "before-body-ingress-token-0123456789";
const SECRET = "before-body-commerce-webhook-secret-0123456789";
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const DEADLINE_MS = 600;
/** Long enough for any answer the gateway can give without the body; an answer that waited for the body never comes. */
const PROMPT_MS = 2_000;

/** What a raw client saw of the answer. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: { error?: { code: string; message: string }; accepted?: number };
}

/** A request written by hand: headers and the first bytes of the body, the rest when the test says. */
interface OpenRequest {
  readonly socket: Socket;
  /** The first complete answer. */
  readonly answer: Promise<RawAnswer>;
  /** Resolves when the gateway ends or closes the connection. */
  readonly closed: Promise<void>;
  write(bytes: string): void;
}

function open(port: number, path: string, headers: Record<string, string | number>, first: string): OpenRequest {
  const socket = connect(port, "127.0.0.1");
  const lines = Object.entries({ Host: `127.0.0.1:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
  socket.write(`POST ${path} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${first}`);
  let received = Buffer.alloc(0);
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const parsed = parseAnswer(received);
      if (parsed === undefined) return;
      socket.off("data", onData);
      resolve(parsed);
    };
    socket.on("data", onData);
    socket.once("error", reject);
    socket.once("close", () => reject(new Error("the connection closed without an answer")));
  });
  // The test reads the answer first; the rejection of an unanswered close is reported there.
  answer.catch(() => {});
  const closed = new Promise<void>((resolve) => {
    socket.once("end", resolve);
    socket.once("close", () => resolve());
  });
  return { socket, answer, closed, write: (bytes) => socket.write(bytes) };
}

/** The answer in `bytes`, once all of it has arrived (Content-Length or chunked). */
function parseAnswer(bytes: Buffer): RawAnswer | undefined {
  const end = bytes.indexOf("\r\n\r\n");
  if (end === -1) return undefined;
  const [statusLine = "", ...fields] = bytes.subarray(0, end).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(":");
    headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  let rest = bytes.subarray(end + 4);
  let body: Buffer;
  if (headers["transfer-encoding"] === "chunked") {
    const chunks: Buffer[] = [];
    for (;;) {
      const line = rest.indexOf("\r\n");
      if (line === -1) return undefined;
      const size = parseInt(rest.subarray(0, line).toString("latin1"), 16);
      if (rest.length < line + 2 + size + 2) return undefined;
      if (size === 0) break;
      chunks.push(rest.subarray(line + 2, line + 2 + size));
      rest = rest.subarray(line + 2 + size + 2);
    }
    body = Buffer.concat(chunks);
  } else {
    const length = Number(headers["content-length"] ?? 0);
    if (rest.length < length) return undefined;
    body = rest.subarray(0, length);
  }
  const status = Number(statusLine.split(" ")[1]);
  return { status, headers, body: JSON.parse(body.toString("utf8")) as RawAnswer["body"] };
}

/** `promise`, or a failure naming what did not happen within `ms`. */
async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: nothing within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

const sockets: Socket[] = [];
/** Opens a request the test cleans up after, whatever happens. */
function tracked(...args: Parameters<typeof open>): OpenRequest {
  const request = open(...args);
  sockets.push(request.socket);
  return request;
}

/** Sends what a refused sender sends: the headers of a body of MAX_BODY_BYTES and its first bytes. */
async function refusedBeforeBody(
  port: number,
  path: string,
  headers: Record<string, string | number> = {},
): Promise<RawAnswer> {
  const request = tracked(
    port,
    path,
    { "Content-Type": "application/json", "Content-Length": MAX_BODY_BYTES, ...headers },
    '{"Events":[',
  );
  const answer = await within(PROMPT_MS, `${path} answered`, request.answer);
  // The gateway does not keep the socket to read (or drain) the 8 MiB it was promised.
  await within(PROMPT_MS, `${path} closed`, request.closed);
  return answer;
}

const sha256 = (body: string) => createHash("sha256").update(body).digest("base64url");
const key = new TextEncoder().encode(SECRET);
const nowS = () => Math.floor(Date.now() / 1000);

async function jws(claims: Record<string, unknown>, secret = key): Promise<string> {
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: "HS256" })
    .sign(secret);
}

let gateway: Gateway;
beforeAll(async () => {
  gateway = await startGateway("http://127.0.0.1:1", {
    INGRESS_TOKEN: TOKEN,
    COMMERCE_WEBHOOK_SECRET: SECRET,
    WEBHOOK_MAX_BODY_BYTES: String(MAX_BODY_BYTES),
    WEBHOOK_BODY_DEADLINE_MS: String(DEADLINE_MS),
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await gateway.close();
});

describe("refused before the body is read", () => {
  it("legacy: 401 bad_token for a wrong path token, with the body declared but not sent", async () => {
    for (const token of ["not-the-token", `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const answer = await refusedBeforeBody(gateway.port, `/webhooks/legacy/${token}`);
      expect([answer.status, answer.body.error?.code]).toEqual([401, "bad_token"]);
      expect(answer.headers.connection).toBe("close");
    }
  });

  it("commerce: 401 for a missing, forged, malformed-claim or stale JWS", async () => {
    const body = '{"meta":{"topic":"async-job/completed","ts":1},"data":{}}';
    const cases: Array<[Record<string, string>, string]> = [
      [{}, "bad_signature"],
      [{ Authorization: "Bearer not.a.jws" }, "bad_signature"],
      [
        {
          Authorization: `Bearer ${await jws(
            { iat: nowS(), sha256: sha256(body) },
            key.map((b) => b ^ 1),
          )}`,
        },
        "bad_signature",
      ],
      [{ Authorization: `Bearer ${await jws({ iat: nowS() })}` }, "bad_signature"],
      // A sha256 no body can hash to is refused now, not after reading 8 MiB to compare.
      [{ Authorization: `Bearer ${await jws({ iat: nowS(), sha256: "abc" })}` }, "bad_signature"],
      [{ Authorization: `Bearer ${await jws({ iat: nowS() - 301, sha256: sha256(body) })}` }, "stale_signature"],
      [{ Authorization: `Bearer ${await jws({ iat: nowS() + 3_600, sha256: sha256(body) })}` }, "stale_signature"],
    ];
    for (const [headers, code] of cases) {
      const answer = await refusedBeforeBody(gateway.port, "/webhooks/commerce", headers);
      expect([answer.status, answer.body.error?.code]).toEqual([401, code]);
      expect(answer.headers.connection).toBe("close");
    }
  });

  it("413 for a Content-Length over the cap, with no byte of the body sent", async () => {
    for (const path of [`/webhooks/legacy/${TOKEN}`, "/webhooks/commerce"]) {
      const request = tracked(
        gateway.port,
        path,
        { "Content-Type": "application/json", "Content-Length": MAX_BODY_BYTES + 1 },
        "",
      );
      const answer = await within(PROMPT_MS, `${path} answered`, request.answer);
      expect(answer.status).toBe(413);
      // In the ingress's words, naming the webhook cap rather than the GraphQL one.
      expect(answer.body.error?.code).toBe("payload_too_large");
      expect(answer.body.error?.message).toContain("WEBHOOK_MAX_BODY_BYTES");
      await within(PROMPT_MS, `${path} closed`, request.closed);
    }
  });

  it("answers the gateway's own refusals (Host, Origin, chunked body) in the ingress's shape and codes", async () => {
    for (const [headers, status, code] of [
      [{ Host: "evil.example" }, 421, "host_not_allowed"],
      [{ Origin: "https://evil.example" }, 403, "origin_not_allowed"],
    ] as const) {
      const answer = await refusedBeforeBody(gateway.port, "/webhooks/commerce", headers);
      expect([answer.status, answer.body.error?.code]).toEqual([status, code]);
    }
    const chunked = tracked(
      gateway.port,
      "/webhooks/commerce",
      { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      "",
    );
    const answer = await within(PROMPT_MS, "chunked answered", chunked.answer);
    expect([answer.status, answer.body.error?.code]).toEqual([411, "length_required"]);
  });

  it("a request with a valid JWS is still answered by its body: the hash is checked once it arrived", async () => {
    const body = '{"meta":{"topic":"async-job/completed","ts":1},"data":{}}';
    const other = body.replace('"ts":1', '"ts":2');
    const request = tracked(
      gateway.port,
      "/webhooks/commerce",
      {
        "Content-Type": "application/json",
        "Content-Length": Buffer.byteLength(other),
        Authorization: `Bearer ${await jws({ iat: nowS(), sha256: sha256(body) })}`,
      },
      other.slice(0, 10),
    );
    request.write(other.slice(10));
    const answer = await within(PROMPT_MS, "commerce answered", request.answer);
    expect([answer.status, answer.body.error?.code]).toEqual([401, "body_hash_mismatch"]);
  });
});

describe("a body that does not arrive in time", () => {
  it(`408 body_timeout for a body still trickling in after WEBHOOK_BODY_DEADLINE_MS`, async () => {
    const body = JSON.stringify({ Events: [], ListID: "a1b2c3d4" }).padEnd(400, " ");
    const request = tracked(
      gateway.port,
      `/webhooks/legacy/${TOKEN}`,
      { "Content-Type": "application/json", "Content-Length": body.length },
      body.slice(0, 10),
    );
    const started = Date.now();
    // A byte every 20 ms: never idle, but the whole body would take 8 s.
    let sent = 10;
    const trickle = setInterval(() => {
      if (sent < body.length - 1 && !request.socket.destroyed) request.write(body[sent++] ?? " ");
    }, 20);
    try {
      const answer = await within(DEADLINE_MS + PROMPT_MS, "trickle answered", request.answer);
      expect([answer.status, answer.body.error?.code]).toEqual([408, "body_timeout"]);
      expect(answer.body.error?.message).toContain(`${DEADLINE_MS} ms`);
      expect(answer.headers.connection).toBe("close");
      expect(Date.now() - started).toBeGreaterThanOrEqual(DEADLINE_MS - 50);
      await within(PROMPT_MS, "trickle closed", request.closed);
    } finally {
      clearInterval(trickle);
    }
  });

  it("a body that arrives within the deadline is taken in", async () => {
    const body = JSON.stringify({ Events: [], ListID: "a1b2c3d4" });
    const request = tracked(
      gateway.port,
      `/webhooks/legacy/${TOKEN}`,
      { "Content-Type": "application/json", "Content-Length": body.length },
      body.slice(0, 5),
    );
    await new Promise((resolve) => setTimeout(resolve, DEADLINE_MS / 3));
    request.write(body.slice(5));
    const answer = await within(PROMPT_MS, "legacy answered", request.answer);
    expect([answer.status, answer.body]).toEqual([202, { accepted: 0, duplicates: 0 }]);
  });
});

describe("the budget of bodies being read at once", () => {
  const CAP = 1024;
  let small: Gateway;
  beforeAll(async () => {
    small = await startGateway("http://127.0.0.1:1", {
      INGRESS_TOKEN: TOKEN,
      COMMERCE_WEBHOOK_SECRET: SECRET,
      WEBHOOK_MAX_BODY_BYTES: String(CAP),
      WEBHOOK_BODY_DEADLINE_MS: "10000",
    });
  });
  afterAll(() => small.close());

  it("503 ingress_busy with Retry-After past BODY_BUDGET_IN_CAPS caps of bodies; unauthenticated requests still 401", async () => {
    const legacy = `/webhooks/legacy/${TOKEN}`;
    const headers = { "Content-Type": "application/json", "Content-Length": CAP };
    const slow = Array.from({ length: BODY_BUDGET_IN_CAPS }, () => tracked(small.port, legacy, headers, "{"));
    // Each slow sender's reservation is made once its headers are handled; wait until the budget is full.
    let busy: RawAnswer | undefined;
    for (let attempt = 0; attempt < 50 && busy === undefined; attempt++) {
      const probe = tracked(small.port, legacy, headers, "{");
      const answer = await Promise.race([probe.answer, new Promise<undefined>((resolve) => setTimeout(resolve, 100))]);
      if (answer !== undefined) busy = answer;
      else probe.socket.destroy();
    }
    expect(busy?.status).toBe(503);
    expect(busy?.body.error?.code).toBe("ingress_busy");
    expect(busy?.headers["retry-after"]).toBe("1");
    expect(busy?.headers.connection).toBe("close");
    // A sender without the token is answered as before, whatever the budget.
    const wrong = tracked(small.port, "/webhooks/legacy/not-the-token", headers, "{");
    expect((await within(PROMPT_MS, "wrong token answered", wrong.answer)).status).toBe(401);

    // One slow sender going away gives its share back.
    slow[0]?.socket.destroy();
    const body = JSON.stringify({ Events: [], ListID: "a1b2c3d4" });
    let accepted: number | undefined;
    for (let attempt = 0; attempt < 50 && accepted !== 202; attempt++) {
      const next = tracked(small.port, legacy, { ...headers, "Content-Length": body.length }, body);
      accepted = (await within(PROMPT_MS, "delivery answered", next.answer)).status;
      if (accepted !== 202) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(accepted).toBe(202);
    for (const request of slow) request.socket.destroy();
  });
});
