/**
 * The log line of a query answered in parts (@defer over multipart/mixed or SSE): written once,
 * after the last part, with the error codes of every part; a caller that leaves after the first
 * part leaves an abandoned request, whichever type of parts it took.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Gateway } from "../../src/server.js";
import { startLegacyProxy, type LegacyProxy } from "../e2e/support/legacy-proxy.js";
import { allParts, mergeParts, readParts, type Part } from "../support/incremental-parts.js";
import { startStack } from "../support/stack.js";

const DEFERRED_LISTS = `query DeferredLists { clients { id name ... @defer(label: "Lists") { lists { id name } } } }`;

const startSandbox = () => startStack({ gateway: false });
let stack: Awaited<ReturnType<typeof startSandbox>>;
let proxy: LegacyProxy;
let gateway: Gateway;
const lines: string[] = [];
beforeAll(async () => {
  stack = await startSandbox();
  proxy = await startLegacyProxy(stack.legacy.url);
  ({ gateway } = await stack.gatewayWith({ LEGACY_URL: proxy.url }, { log: (line) => lines.push(line) }));
});
afterAll(async () => {
  await stack?.close();
  await proxy?.close();
});

const linesOf = (id: string) =>
  lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.requestId === id);

/** The one line of request `id`, once written (when the reply has ended). */
async function lineOf(id: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200 && linesOf(id).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
  const found = linesOf(id);
  expect(found).toHaveLength(1);
  return found[0]!;
}

function postDeferred(id: string, accept: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept, "x-request-id": id },
    body: JSON.stringify({ query: DEFERRED_LISTS }),
    signal,
  });
}

describe("the log line of a deferred query", () => {
  it("names the error codes of its later parts", async () => {
    // Every client's lists fail: the clients arrive, each deferred part carries an error.
    proxy.scriptResult("Client.GetLists", 100);
    try {
      const parts = await allParts(await postDeferred("deferred-failing", "multipart/mixed"));
      expect(parts[0]?.errors ?? []).toEqual([]);
      const codes = new Set(mergeParts(parts).errors.map((e) => e.extensions?.code ?? "UNCODED"));
      expect(codes.size).toBeGreaterThan(0);
      const line = await lineOf("deferred-failing");
      expect(line).toMatchObject({ operationName: "DeferredLists", status: 200 });
      expect(new Set(line.errorCodes as string[])).toEqual(codes);
    } finally {
      proxy.clear();
    }
  });

  it("is written once, after the last part", async () => {
    const release = proxy.hold("Client.GetLists");
    let released = false;
    try {
      const parts: Part[] = [];
      for await (const part of readParts(await postDeferred("deferred-held", "multipart/mixed"))) {
        parts.push(part);
        if (parts.length === 1) {
          expect(part.hasNext).toBe(true);
          expect(linesOf("deferred-held")).toEqual([]);
          release();
          released = true;
        }
      }
      expect(parts.at(-1)?.hasNext).toBe(false);
      const line = await lineOf("deferred-held");
      expect(line).toMatchObject({ level: "info", status: 200, operationName: "DeferredLists" });
      expect(line).not.toHaveProperty("errorCodes");
    } finally {
      if (!released) release();
    }
  });

  it.each(["multipart/mixed", "text/event-stream"])(
    "over %s, a caller leaving after the first part leaves an abandoned request",
    async (accept) => {
      const id = `deferred-left-${accept.replace("/", "-")}`;
      const release = proxy.hold("Client.GetLists");
      const controller = new AbortController();
      try {
        const parts = readParts(await postDeferred(id, accept, controller.signal));
        expect(((await parts.next()).value as Part).hasNext).toBe(true);
        controller.abort();
        await parts.return(undefined).catch(() => undefined);
        const line = await lineOf(id);
        expect(line).toMatchObject({ level: "warn", abandoned: true, operationName: "DeferredLists" });
        expect(line).not.toHaveProperty("status");
      } finally {
        release();
      }
    },
  );
});
