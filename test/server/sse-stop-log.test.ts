/**
 * A subscription over SSE that the client stops ends normally: its request's log line carries the
 * 200 the stream was answered with, not "request abandoned by the caller", and its log
 * subscription is closed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import {
  INGRESS_TOKEN,
  LIST_FEED,
  subscribeSse,
  until,
  watchLogSubscriptions,
} from "../schema/events/subscriptions-support.js";

let legacy: LegacySandbox;
let gateway: Gateway;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  legacy = await startLegacySandbox();
  const config = loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    LEGACY_URL: legacy.url,
    LEGACY_API_KEY: DEMO.apiKey,
    AUTH_MODE: "open",
    INGRESS_TOKEN,
  });
  gateway = await createGateway(config, {
    log: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>),
  });
});
afterAll(async () => {
  await gateway.close();
  await legacy.close();
});

describe("an SSE subscription the client stops", () => {
  it("is logged as the 200 it was, not as abandoned, and closes its log subscription", async () => {
    const log = watchLogSubscriptions(gateway);
    const feed = subscribeSse(gateway, LIST_FEED, { list: demo.newsletter });
    await log.untilOpened(1);
    feed.stop();
    await until(
      () => log.live() === 0 && lines.some((line) => line.path === "/graphql" && line.operationName === "ListFeed"),
      () => ({ live: log.live(), lines }),
    );
    const line = lines.find((l) => l.path === "/graphql" && l.operationName === "ListFeed");
    expect(line).toMatchObject({ method: "POST", status: 200 });
    expect(line?.abandoned).toBeUndefined();
    expect(lines.map((l) => l.msg)).not.toContain("request abandoned by the caller");
  });
});
