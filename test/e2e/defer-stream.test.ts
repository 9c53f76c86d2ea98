/**
 * @defer and @stream over real HTTP, read as a client reads them: multipart/mixed and SSE parts in
 * the order they arrive (the clients before the lists are even read), merged into the same answer
 * one JSON result gives to a caller that names neither type; the persisted Overview by its id; the
 * request limits and the cost inside deferred fragments; the deadline ending a deferred answer; no
 * stream slot taken, and a shutdown waiting for a deferred answer to finish.
 */
import { print } from "graphql";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { OverviewDocument } from "../../documents/gql/graphql.js";
import { idOf } from "../persisted/support.js";
import { allParts, mergeParts, readParts, type Part } from "../support/incremental-parts.js";
import { callCounts, startGateway, startStack } from "../support/stack.js";
import { demo } from "./support/ids.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";

const MULTIPART = "multipart/mixed";
const EVENT_STREAM = "text/event-stream";

/** The persisted Overview (documents/overview.graphql): each client's lists and campaigns deferred. */
const OVERVIEW_ID = idOf(OverviewDocument);

const DEFERRED_LISTS = `query DeferredLists { clients { id name ... @defer(label: "Lists") { lists { id name } } } }`;

/** The legacy sandbox alone: the gateways here run behind a proxy in front of it. */
const startSandbox = () => startStack({ gateway: false });
let stack: Awaited<ReturnType<typeof startSandbox>>;
let proxy: LegacyProxy;
let gateway: Gateway;
beforeAll(async () => {
  stack = await startSandbox();
  proxy = await startLegacyProxy(stack.legacy.url);
  gateway = await startGateway(proxy.url);
});
afterAll(async () => {
  await gateway.close();
  await proxy.close();
  await stack.close();
});

function post(origin: string, body: Record<string, unknown>, accept: string): Promise<Response> {
  return fetch(`${origin}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", accept },
    body: JSON.stringify(body),
  });
}

/** The one JSON answer of `body` (an Accept naming no type of parts). */
async function whole(origin: string, body: Record<string, unknown>) {
  const res = await post(origin, body, "application/json");
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return (await res.json()) as { data: Record<string, unknown>; errors?: Part["errors"] };
}

describe("the persisted Overview over multipart/mixed", () => {
  it("sends the clients first, while their lists are still being read, then one part per client, in order", async () => {
    const expected = await whole(gateway.url, { documentId: OVERVIEW_ID });
    const clientsOnly = (expected.data.clients as { id: string; name: string }[]).map(({ id, name }) => ({ id, name }));
    const release = proxy.hold("Client.GetLists");
    let released = false;
    try {
      const res = await post(gateway.url, { documentId: OVERVIEW_ID }, MULTIPART);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^multipart\/mixed/);
      const parts: Part[] = [];
      for await (const part of readParts(res)) {
        parts.push(part);
        if (parts.length === 1) {
          // No list has been read yet (every Client.GetLists is held): the clients came alone.
          expect(part.data?.clients).toEqual(clientsOnly);
          expect(part.hasNext).toBe(true);
          release();
          released = true;
        }
      }
      const later = parts.slice(1);
      // One part per client's details, each at its client's path, the last one saying so.
      const paths = later.flatMap((p) => (p.incremental ?? []).map((i) => i.path.join(".")));
      expect(paths.toSorted()).toEqual(clientsOnly.map((_, i) => `clients.${i}`));
      expect(later.flatMap((p) => p.incremental ?? []).every((i) => i.label === "ClientDetails")).toBe(true);
      expect(later.map((p) => p.hasNext)).toEqual([...later.slice(1).map(() => true), false]);

      // Merged, the parts are the answer a caller taking no parts gets in one result.
      const merged = mergeParts(parts);
      expect(merged.errors).toEqual([]);
      expect(merged.data).toEqual(expected.data);
    } finally {
      if (!released) release();
    }
  });

  it("makes the same backend calls as the whole Overview", async () => {
    stack.legacy.calls.reset();
    await allParts(await post(gateway.url, { documentId: OVERVIEW_ID }, MULTIPART));
    const deferred = callCounts(stack.legacy);
    stack.legacy.calls.reset();
    await whole(gateway.url, { documentId: OVERVIEW_ID });
    expect(deferred).toEqual(callCounts(stack.legacy));
    expect(Object.values(deferred).reduce((a, b) => a + b, 0)).toBe(39);
  });
});

describe("over SSE", () => {
  it("sends the same parts as next events, in order, then complete", async () => {
    const res = await post(gateway.url, { query: DEFERRED_LISTS }, EVENT_STREAM);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const text = await res.clone().text();
    const parts = await allParts(res);
    expect(parts[0]?.hasNext).toBe(true);
    expect(parts.at(-1)?.hasNext).toBe(false);
    expect(parts.length).toBe(1 + Object.keys(DEMO.clients).length);
    expect(text.lastIndexOf("event: complete")).toBeGreaterThan(text.lastIndexOf("event: next"));
    expect(mergeParts(parts).data).toEqual((await whole(gateway.url, { query: DEFERRED_LISTS })).data);
  });
});

describe("a caller naming no type of parts", () => {
  it.each(["application/json", "application/graphql-response+json", "*/*"])(
    "with Accept %s gets one result with everything",
    async (accept) => {
      const res = await post(gateway.url, { documentId: OVERVIEW_ID }, accept);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/(graphql-response\+)?json/);
      const body = (await res.json()) as { data: { clients: { lists: unknown[] }[] }; hasNext?: boolean };
      expect(body.hasNext).toBeUndefined();
      expect(body.data.clients.every((c) => Array.isArray(c.lists))).toBe(true);
    },
  );
});

describe("over graphql-ws", () => {
  it("a deferred query runs whole: one next message with everything (graphql-ws sends no later parts)", async () => {
    const client = createClient({ url: `${gateway.url.replace(/^http/, "ws")}/graphql`, webSocketImpl: WebSocket });
    try {
      const messages: unknown[] = [];
      await new Promise<void>((resolve, reject) =>
        client.subscribe(
          { query: DEFERRED_LISTS },
          { next: (message) => messages.push(message), error: reject, complete: resolve },
        ),
      );
      expect(messages).toHaveLength(1);
      expect((messages[0] as { data: unknown }).data).toEqual(
        (await whole(gateway.url, { query: DEFERRED_LISTS })).data,
      );
    } finally {
      await client.dispose();
    }
  });
});

describe("@stream", () => {
  it("sends initialCount items first and the rest after, the same list in the end", async () => {
    const query = `query StreamedClients { clients @stream(initialCount: 2) { id name } }`;
    const parts = await allParts(await post(gateway.url, { query }, MULTIPART));
    expect((parts[0]?.data?.clients as unknown[]).length).toBe(2);
    expect(
      parts
        .slice(1)
        .flatMap((p) => p.incremental ?? [])
        .every((i) => Array.isArray(i.items)),
    ).toBe(true);
    expect(mergeParts(parts).data).toEqual((await whole(gateway.url, { query })).data);
  });
});

describe("limits inside deferred fragments", () => {
  let strict: Gateway;
  beforeAll(async () => {
    strict = await startGateway(proxy.url, { MAX_DEPTH: "4", MAX_ALIASES: "2", MAX_COST: "100" });
  });
  afterAll(() => strict.close());

  const codes = async (query: string) => {
    const res = await post(strict.url, { query }, MULTIPART);
    // A refusal is one result, whatever the Accept; read as parts when it comes as one.
    const type = res.headers.get("content-type") ?? "";
    const parts = type.startsWith("multipart/") ? await allParts(res) : [(await res.json()) as Part];
    return parts.flatMap((p) => (p.errors ?? []).map((e) => e.extensions?.code));
  };

  it("MAX_DEPTH counts the fields of a deferred fragment", async () => {
    expect(await codes(`{ clients { ... @defer { lists { client { lists { id } } } } } }`)).toEqual([
      "MAX_DEPTH_EXCEEDED",
    ]);
  });

  it("MAX_ALIASES counts a deferred fragment's aliases", async () => {
    expect(await codes(`{ clients { ... @defer { a: name b: name c: name } } }`)).toEqual(["MAX_ALIASES_EXCEEDED"]);
  });

  it("MAX_COST counts the calls of deferred fragments: the deferred Overview costs what the whole one does", async () => {
    expect(await codes(print(OverviewDocument))).toEqual(["MAX_COST_EXCEEDED"]);
    expect(await codes(`{ clients { id } }`)).toEqual([]);
  });

  it("a streamed list costs its whole size, whatever its initialCount", async () => {
    // 1 + 10 clients' lists (10 each by the default size) with stats: 1 + 10 + 100 > 100.
    const query = `{ clients @stream(initialCount: 0) { lists { stats { totalBounced } } } }`;
    expect(await codes(query)).toEqual(["MAX_COST_EXCEEDED"]);
  });
});

describe("a deferred answer is a request", () => {
  it("ends at the request's deadline: the deferred parts carry the error the whole answer would", async () => {
    const short = await startGateway(proxy.url, { REQUEST_DEADLINE_MS: "500" });
    const release = proxy.hold("Client.GetLists");
    try {
      const parts = await allParts(await post(short.url, { query: DEFERRED_LISTS }, MULTIPART));
      expect(parts.at(-1)?.hasNext).toBe(false);
      const deferredCodes = new Set(mergeParts(parts).errors.map((e) => e.extensions?.code));
      const wholeCodes = new Set(
        ((await whole(short.url, { query: DEFERRED_LISTS })).errors ?? []).map((e) => e.extensions?.code),
      );
      expect([...deferredCodes]).toEqual([...wholeCodes]);
      expect(deferredCodes.size).toBe(1);
    } finally {
      release();
      await short.close();
    }
  });

  it("takes no stream slot: with the caller's one slot held by a subscription, a deferred query still runs", async () => {
    const one = await startGateway(proxy.url, { MAX_STREAMS_PER_CALLER: "1" });
    const controller = new AbortController();
    try {
      const subscription = await fetch(`${one.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: EVENT_STREAM },
        body: JSON.stringify({ query: `subscription Held { listEvents(listId: "${demo.newsletter}") { id } }` }),
        signal: controller.signal,
      });
      expect(subscription.status).toBe(200);
      // The slot is taken: a second subscription is refused.
      const second = await post(
        one.url,
        { query: `subscription Second { listEvents(listId: "${demo.newsletter}") { id } }` },
        EVENT_STREAM,
      );
      expect(second.status).toBe(429);
      await second.body?.cancel();
      const parts = await allParts(await post(one.url, { query: DEFERRED_LISTS }, EVENT_STREAM));
      expect(parts.at(-1)?.hasNext).toBe(false);
      expect(mergeParts(parts).errors).toEqual([]);
    } finally {
      controller.abort();
      await one.close();
    }
  });

  it("a shutdown waits for it to finish rather than ending it as a stream", async () => {
    const draining = await startGateway(proxy.url, { SHUTDOWN_DELAY_MS: "0", SHUTDOWN_DEADLINE_MS: "20000" });
    const release = proxy.hold("Client.GetLists");
    let released = false;
    try {
      const res = await post(draining.url, { query: DEFERRED_LISTS }, MULTIPART);
      const parts: Part[] = [];
      let shutdown: ReturnType<Gateway["shutdown"]> | undefined;
      for await (const part of readParts(res)) {
        parts.push(part);
        if (parts.length === 1) {
          shutdown = draining.shutdown();
          release();
          released = true;
        }
      }
      expect(parts.at(-1)?.hasNext).toBe(false);
      expect(mergeParts(parts).errors).toEqual([]);
      const report = await shutdown!;
      expect(report).toMatchObject({ cut: 0, streams: 0, http: { inFlight: 1, cut: 0 } });
    } finally {
      if (!released) release();
      await draining.close();
    }
  });
});
