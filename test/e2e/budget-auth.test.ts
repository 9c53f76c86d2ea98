/**
 * A token holder's budget is its token's subject, over HTTP and graphql-ws alike, and the budget
 * learns the subject from the credentials the request's context was made with: a request's gateway
 * token is opened once, not once more for its budget.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as GatewayToken from "../../src/auth/gateway-token.js";
import { openGatewayToken, sealGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import type { Gateway } from "../../src/server.js";
import { post, type RawResponse } from "../server/support.js";
import { createClient } from "graphql-ws";
import { WebSocket } from "ws";
import { GATEWAY_SECRET, startStack, type Stack } from "../support/stack.js";

// Every token the gateway opens goes through openGatewayToken: counted here.
vi.mock("../../src/auth/gateway-token.js", async (importOriginal) => {
  const original = await importOriginal<typeof GatewayToken>();
  return { ...original, openGatewayToken: vi.fn(original.openGatewayToken) };
});

const CLIENTS = "{ clients { id } }";

interface Cost {
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number };
}
const availableIn = (body: unknown) =>
  (body as { extensions?: { cost?: Cost } } | undefined)?.extensions?.cost?.throttleStatus.currentlyAvailable;
const available = (res: RawResponse) => availableIn(res.body);

let stack: Stack;
let gateway: Gateway;
let token: string;
beforeAll(async () => {
  // Token mode: a caller brings a gateway token; a budget of 5 restored at one call a second.
  stack = await startStack({ env: { GATEWAY_SECRET } });
  ({ gateway } = await stack.gatewayWith({
    AUTH_MODE: "token",
    GATEWAY_SECRET,
    ALLOW_CREDENTIAL_HEADERS: "true",
    BUDGET_MAX: "5",
    MAX_COST: "5",
    BUDGET_RESTORE_PER_S: "1",
  }));
  token = await sealGatewayToken(
    { subject: "budget-auth-user", legacyApiKey: DEMO.apiKey, scopes: [] },
    tokenKey(GATEWAY_SECRET),
    600,
  );
});
afterAll(() => stack.close());

describe("a token holder's budget", () => {
  it("is its subject's over HTTP, its token opened once per request", async () => {
    const opened = vi.mocked(openGatewayToken);
    opened.mockClear();
    const bearer = { authorization: `Bearer ${token}` };
    const first = await post(gateway.url, CLIENTS, undefined, bearer);
    expect(first.status).toBe(200);
    expect(first.body?.errors).toBeUndefined();
    expect(available(first)).toBe(4);
    expect(opened).toHaveBeenCalledTimes(1);
    // The address's budget spent by a caller without a token (its accepted key's first requests,
    // then requests with keys the service refuses): the token holder's is its own.
    for (let i = 0; i < 12; i++) {
      const res = await post(gateway.url, CLIENTS, undefined, { "x-legacy-api-key": `refused-${i}` });
      if (res.status === 429) break;
    }
    expect((await post(gateway.url, CLIENTS, undefined, { "x-legacy-api-key": "refused-again" })).status).toBe(429);
    opened.mockClear();
    const second = await post(gateway.url, CLIENTS, undefined, bearer);
    expect(second.status).toBe(200);
    expect(available(second)).toBe(3);
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it("is its subject's over graphql-ws too, each operation opening the token once", async () => {
    const opened = vi.mocked(openGatewayToken);
    // One connection for every operation (kept open between them).
    const client = createClient({
      url: `${gateway.url.replace(/^http/, "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      retryAttempts: 0,
      lazyCloseTimeout: 60_000,
    });
    try {
      const run = async () => {
        const results: unknown[] = [];
        for await (const result of client.iterate({ query: CLIENTS })) results.push(result);
        return results[0];
      };
      // The connection's admission opens the token once.
      await run();
      opened.mockClear();
      const results = [await run(), await run()];
      expect(opened).toHaveBeenCalledTimes(2);
      const levels = results.map(availableIn);
      // The subject's budget (4, 3 left over HTTP before, a little refilled since): one call each.
      expect(levels[0]).toBeGreaterThanOrEqual(1);
      expect(levels[1]).toBe(levels[0]! - 1);
    } finally {
      await client.dispose();
    }
  });
});
