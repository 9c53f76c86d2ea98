/**
 * A legacy field without a legacy key says what works on the gateway at hand: in token mode a
 * gateway token carrying a key (`npm run token -- --legacy-api-key`), the X-Legacy-Api-Key header
 * only where ALLOW_CREDENTIAL_HEADERS lets it in; in open mode the header or LEGACY_API_KEY.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import type { Gateway } from "../../src/server.js";
import { GATEWAY_SECRET, query, startAuthStack, UserAgent, walkLogin, type AuthStack } from "./support.js";

const CLIENTS = "query AdviceClients { clients { name } }";
const OPEN_MODE_ADVICE =
  "No API key for the legacy list service: send an X-Legacy-Api-Key header or configure LEGACY_API_KEY.";

let stack: AuthStack;
/** The same backends behind a token-mode gateway that also takes X-*-Api-Key headers. */
let withHeaders: Gateway;
/** The same backends behind an open-mode gateway with no LEGACY_API_KEY. */
let open: Gateway;
beforeAll(async () => {
  stack = await startAuthStack();
  withHeaders = (await stack.gatewayWith({ ALLOW_CREDENTIAL_HEADERS: "true" })).gateway;
  open = (await stack.gatewayWith({ AUTH_MODE: "open" })).gateway;
});
afterAll(async () => {
  await Promise.all([withHeaders?.close(), open?.close()]);
  await stack?.close();
});

/** The one error of CLIENTS as the caller with `headers` gets it. */
async function clientsError(gatewayUrl: string, headers: Record<string, string>) {
  const res = await query(gatewayUrl, CLIENTS, headers);
  expect(res.status).toBe(200);
  expect(res.body.errors).toHaveLength(1);
  const [error] = res.body.errors!;
  expect(error!.extensions?.code).toBe("UNAUTHENTICATED");
  return error!.message;
}

describe("a legacy field without a legacy key", () => {
  it("after a store login in token mode, names a gateway token carrying a key, not the refused header", async () => {
    const agent = new UserAgent();
    const walk = await walkLogin(agent, stack.gateway.url);
    expect(walk.callback.status).toBe(302);
    const session = agent.cookie(stack.gateway.url, "mailgraph_session");
    expect(session).toBeDefined();
    const message = await clientsError(stack.gateway.url, { cookie: `mailgraph_session=${session}` });
    expect(message).toContain("AUTH_MODE=token");
    expect(message).toContain("a store login never does");
    expect(message).toContain("npm run token -- --legacy-api-key <key>");
    expect(message).toContain("Authorization: Bearer");
    expect(message).not.toContain("X-Legacy-Api-Key");
    expect(message).not.toContain("LEGACY_API_KEY");
  });

  it("with a token-mode gateway token carrying only a commerce key, says the same", async () => {
    const token = await sealGatewayToken(
      { commerce: { kind: "apiKey", apiKey: "demo-commerce-key" }, scopes: "all" },
      tokenKey(GATEWAY_SECRET),
      600,
    );
    const message = await clientsError(stack.gateway.url, { authorization: `Bearer ${token}` });
    expect(message).toMatch(
      /^No API key for the legacy list service: with AUTH_MODE=token .*--legacy-api-key <key>`\.$/,
    );
  });

  it("in token mode with ALLOW_CREDENTIAL_HEADERS, also offers the header", async () => {
    const message = await clientsError(withHeaders.url, { "x-commerce-api-key": "demo-commerce-key" });
    expect(message).toContain("npm run token -- --legacy-api-key <key>");
    expect(message).toMatch(/, or an X-Legacy-Api-Key header\.$/);
  });

  it("in open mode, names the header and LEGACY_API_KEY", async () => {
    expect(await clientsError(open.url, {})).toBe(OPEN_MODE_ADVICE);
  });
});
