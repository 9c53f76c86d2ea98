/**
 * GET /metrics of a running gateway with real sandboxes: who may read it (loopback without proxy
 * headers, or the METRICS_TOKEN bearer from anywhere), and what it counts: requests, errors and
 * latency by operation name with names bounded, backend calls by operation and status, webhook
 * deliveries accepted and refused, live subscriptions over graphql-ws and SSE, and event-log lag.
 */
import { networkInterfaces } from "node:os";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demo } from "../e2e/support/ids.js";
import { startGateway } from "../support/stack.js";
import {
  addSubscriberQuery,
  INGRESS_TOKEN,
  LIST_FEED,
  startEventsStack,
  subscribeSse,
  subscribeWs,
  until,
  type EventsStack,
} from "../schema/events/subscriptions-support.js";
import { post, send } from "../server/support.js";

/** The manifest id of the frontends' Overview (documents/overview.graphql). */
const OVERVIEW_ID = "sha256:acc1774719db34d86754240b41fbe4462fab8dca5ea522821a16482d02c0b545";

let stack: EventsStack;
beforeAll(async () => {
  stack = await startEventsStack();
});
afterAll(() => stack.close());

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const [, k, v] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[k!] = v!;
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(url = stack.gateway.url, headers: Record<string, string> = {}): Promise<Sample[]> {
  const res = await send(`${url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.text);
}

describe("who may read /metrics", () => {
  it("a loopback caller without proxy headers; not through a proxy header; only with GET", async () => {
    await scrape();
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const res = await send(`${stack.gateway.url}/metrics`, { headers: { [header]: "203.0.113.9" } });
      expect(res.status).toBe(403);
      expect(res.body?.errors?.[0]?.extensions?.code).toBe("METRICS_FORBIDDEN");
    }
    const postRes = await send(`${stack.gateway.url}/metrics`, { method: "POST", body: "x" });
    expect(postRes.status).toBe(405);
  });

  it("with METRICS_TOKEN, the bearer of that token only, from anywhere", async () => {
    const token = "metrics-token-0123456789abcdef";
    const external = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    const gateway = await startGateway(stack.legacy.url, {
      AUTH_MODE: "open",
      METRICS_TOKEN: token,
      ...(external ? { HOST: "0.0.0.0", ALLOWED_HOSTS: external } : {}),
    });
    try {
      const url = external ? `http://${external}:${gateway.port}` : gateway.url;
      for (const authorization of [undefined, "Bearer wrong-token-0123456789abc", `Basic ${token}`, token]) {
        const res = await send(`${url}/metrics`, { headers: authorization ? { authorization } : {} });
        expect(res.status).toBe(401);
        expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
        expect(res.text).not.toContain(token);
      }
      await scrape(url, { authorization: `Bearer ${token}` });
      // Loopback callers need the token too once it is set.
      await scrape(`http://127.0.0.1:${gateway.port}`, { authorization: `Bearer ${token}` });
      expect((await send(`http://127.0.0.1:${gateway.port}/metrics`)).status).toBe(401);
    } finally {
      await gateway.close();
    }
    if (external) {
      // Without a token, the same non-loopback caller is refused.
      const open = await startGateway(stack.legacy.url, {
        AUTH_MODE: "open",
        HOST: "0.0.0.0",
        ALLOWED_HOSTS: external,
      });
      try {
        expect((await send(`http://${external}:${open.port}/metrics`)).status).toBe(403);
      } finally {
        await open.close();
      }
    }
  });
});

describe("what /metrics counts", () => {
  it("requests, errors and latency by operation, and the backend calls they made", async () => {
    const url = stack.gateway.url;
    await post(url, "query MetricsClients { clients { id } }");
    await post(url, "query MetricsClients { clients { id } }");
    await post(url, "{ clients { id } }");
    await post(url, "query MetricsBroken { clients { nope } }");
    const samples = await scrape();
    expect(value(samples, "mailgraph_graphql_requests_total", { operation: "MetricsClients", type: "query" })).toBe(2);
    expect(value(samples, "mailgraph_graphql_requests_total", { operation: "anonymous", type: "query" })).toBe(1);
    // A document that never validated gives its name no label.
    expect(value(samples, "mailgraph_graphql_errors_total", { code: "GRAPHQL_VALIDATION_FAILED" })).toBe(1);
    expect(samples.some((s) => s.labels.operation === "MetricsBroken")).toBe(false);
    expect(
      value(samples, "mailgraph_graphql_request_duration_seconds_count", {
        operation: "MetricsClients",
        type: "query",
      }),
    ).toBe(2);
    expect(
      value(samples, "mailgraph_backend_calls_total", {
        backend: "legacy",
        operation: "User.GetClients",
        status: "200",
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      value(samples, "mailgraph_backend_call_duration_seconds_count", {
        backend: "legacy",
        operation: "User.GetClients",
      }),
    ).toBeGreaterThanOrEqual(3);
    expect(value(samples, "mailgraph_backend_circuit_state", { backend: "legacy", state: "closed" })).toBe(1);
    expect(value(samples, "mailgraph_backend_circuit_state", { backend: "commerce", state: "closed" })).toBe(1);
    expect(value(samples, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("keeps operation names bounded: the first N names, then other; never an address", async () => {
    const gateway = await startGateway(stack.legacy.url, { AUTH_MODE: "open", METRICS_MAX_OPERATION_NAMES: "2" });
    try {
      for (const name of ["MetricsA", "MetricsB", "MetricsC", "MetricsA"]) {
        await post(gateway.url, `query ${name} { clients { id } }`);
      }
      await send(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: "query MetricsA { clients { id } }", operationName: "jane.doe@example.com" }),
      });
      const text = (await send(`${gateway.url}/metrics`)).text;
      const samples = parse(text);
      expect(value(samples, "mailgraph_graphql_requests_total", { operation: "MetricsA" })).toBe(2);
      expect(value(samples, "mailgraph_graphql_requests_total", { operation: "MetricsB" })).toBe(1);
      expect(value(samples, "mailgraph_graphql_requests_total", { operation: "other" })).toBe(2);
      expect(text).not.toContain("MetricsC");
      expect(text).not.toContain("@");
      expect(text).not.toContain("127.0.0.1");
    } finally {
      await gateway.close();
    }
  });

  it("keeps the label of a persisted document's operation however many junk names come first", async () => {
    const gateway = await startGateway(stack.legacy.url, { AUTH_MODE: "open" });
    try {
      // 101 validated junk names fill the places of names admitted by use (100 by default).
      for (let i = 0; i < 101; i++) {
        expect((await post(gateway.url, `query Junk${i} { __typename }`)).status).toBe(200);
      }
      // The manifest's names are reserved from the start: sent as text, before any run by id, the
      // name keeps its label.
      expect((await post(gateway.url, "query Overview { __typename }")).status).toBe(200);
      // The frontends' Overview, named by its persisted id, still counts as itself.
      // (Its answer does not matter here: a request that runs is counted whatever it answers.)
      await send(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ documentId: OVERVIEW_ID }),
      });
      // A text sent with the id of a persisted document runs as sent: its name is not reserved.
      await send(`${gateway.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          query: "query Disguised { __typename }",
          extensions: { persistedQuery: { version: 1, sha256Hash: OVERVIEW_ID.slice("sha256:".length) } },
        }),
      });
      const samples = parse((await send(`${gateway.url}/metrics`)).text);
      expect(value(samples, "mailgraph_graphql_requests_total", { operation: "Overview", type: "query" })).toBe(2);
      expect(value(samples, "mailgraph_graphql_requests_total", { operation: "other" })).toBe(2);
      expect(samples.some((s) => s.labels.operation === "Disguised" || s.labels.operation === "Junk100")).toBe(false);
    } finally {
      await gateway.close();
    }
  });

  it("webhook deliveries, live subscriptions over graphql-ws and SSE, and event-log lag", async () => {
    const before = await scrape();
    const ws = stack.track(subscribeWs(stack.client, LIST_FEED, { list: demo.newsletter }));
    const sse = stack.track(subscribeSse(stack.gateway, LIST_FEED, { list: demo.newsletter }));
    await untilScrape((s) => value(s, "mailgraph_subscriptions_active", { operation: "ListFeed" }) === 2);

    await post(stack.gateway.url, addSubscriberQuery(demo.newsletter, "metrics.person@example.com"));
    await until(
      () => ws.results.length > 0 && sse.results.length > 0,
      () => [ws.results, sse.results],
    );
    const refused = await send(`${stack.gateway.url}/webhooks/legacy/${INGRESS_TOKEN}x`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(refused.status).toBe(401);
    const samples = await untilScrape(
      (s) =>
        value(s, "mailgraph_webhook_deliveries_total", { source: "legacy", outcome: "accepted", status: "202" }) >
        value(before, "mailgraph_webhook_deliveries_total", { source: "legacy", outcome: "accepted", status: "202" }),
    );
    expect(
      value(samples, "mailgraph_webhook_deliveries_total", { source: "legacy", outcome: "refused", status: "401" }),
    ).toBe(1);
    expect(value(samples, "mailgraph_event_log_lag_seconds_count", { source: "legacy" })).toBeGreaterThan(
      value(before, "mailgraph_event_log_lag_seconds_count", { source: "legacy" }),
    );

    // Each subscription counted once as a request, over either transport; a query over graphql-ws too.
    expect(value(samples, "mailgraph_graphql_requests_total", { operation: "ListFeed", type: "subscription" })).toBe(
      value(before, "mailgraph_graphql_requests_total", { operation: "ListFeed", type: "subscription" }) + 2,
    );
    const wsQuery = stack.track(subscribeWs(stack.client, "query MetricsOverWs { clients { id } }"));
    await until(
      () => wsQuery.ended === "complete",
      () => wsQuery,
    );
    await untilScrape(
      (s) =>
        value(s, "mailgraph_graphql_requests_total", { operation: "MetricsOverWs", type: "query" }) === 1 &&
        value(s, "mailgraph_graphql_request_duration_seconds_count", { operation: "MetricsOverWs" }) === 1,
    );

    ws.stop();
    sse.stop();
    await untilScrape((s) => value(s, "mailgraph_subscriptions_active", { operation: "ListFeed" }) === 0);
  });
});

describe("event-log lag on Redis (database 14)", () => {
  it("is observed when this instance's reader takes events appended to the shared log", async () => {
    const gateway = await startGateway(stack.legacy.url, { AUTH_MODE: "open", REDIS_URL: "redis://127.0.0.1:6379/14" });
    const redis = new Redis("redis://127.0.0.1:6379/14");
    try {
      const got: string[] = [];
      const stop = await gateway.events.subscribe("commerce", {}, (event) => void got.push(event.id));
      const event = { topic: "newsletter-template/sent", ts: 1, data: {} };
      await gateway.events.append("commerce", [{ dedupeKey: `metrics-lag-${Date.now()}`, event }]);
      await until(
        () => got.length === 1,
        () => got,
      );
      stop();
      const samples = await scrape(gateway.url);
      expect(value(samples, "mailgraph_event_log_lag_seconds_count", { source: "commerce" })).toBe(1);
      expect(value(samples, "mailgraph_event_log_lag_seconds_sum", { source: "commerce" })).toBeLessThan(5);
    } finally {
      await gateway.close();
      const keys = await redis.keys("mailgraph:*");
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
  });
});

/** Scrapes until `predicate` holds (5 s at most). */
async function untilScrape(predicate: (samples: Sample[]) => boolean): Promise<Sample[]> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const samples = await scrape();
    if (predicate(samples)) return samples;
    if (Date.now() > deadline) throw new Error("metrics never got there");
    await new Promise((r) => setTimeout(r, 50));
  }
}
