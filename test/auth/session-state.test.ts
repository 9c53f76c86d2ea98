/**
 * GET /auth/session, which GraphiQL's login strip asks: no session, a login's scopes and end, an
 * ended one; never the token or its credentials, never cached.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sealGatewayToken, tokenKey } from "../../src/auth/gateway-token.js";
import { GATEWAY_SECRET, startAuthStack, UserAgent, walkLogin, type AuthStack } from "./support.js";

let stack: AuthStack;
beforeAll(async () => {
  stack = await startAuthStack();
});
afterAll(async () => {
  await stack?.close();
});

async function sessionOf(cookie?: string) {
  const res = await fetch(`${stack.gateway.url}/auth/session`, { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get("cache-control")).toBe("no-store");
  return (await res.json()) as Record<string, unknown>;
}

describe("GET /auth/session", () => {
  it("says there is none without a session cookie", async () => {
    expect(await sessionOf()).toEqual({ session: "none" });
  });

  it("after a login, gives its granted scopes and when it ends, and nothing of the token", async () => {
    const agent = new UserAgent();
    const started = Date.now();
    await walkLogin(agent, stack.gateway.url, { grant: ["read_segments", "read_customers"] });
    const token = agent.cookie(stack.gateway.url, "mailgraph_session");
    const state = await sessionOf(`mailgraph_session=${token}`);
    expect(state).toEqual({
      session: "active",
      scopes: ["read_segments", "read_customers"],
      expiresAt: expect.any(String),
    });
    const ends = Date.parse(state.expiresAt as string);
    expect(ends).toBeGreaterThan(started);
    expect(JSON.stringify(state)).not.toContain(token!);
  });

  it("says an expired session or one this gateway cannot open has ended", async () => {
    const past = () => new Date(Date.now() - 3_600_000);
    const claims = { commerce: { kind: "oauth" as const, accessToken: "a".repeat(30) }, scopes: ["read_segments"] };
    const expired = await sealGatewayToken(claims, tokenKey(GATEWAY_SECRET), 60, past);
    expect(await sessionOf(`mailgraph_session=${expired}`)).toEqual({ session: "ended", reason: "expired" });
    const foreign = await sealGatewayToken(claims, tokenKey(`${GATEWAY_SECRET}-another`), 60);
    expect(await sessionOf(`mailgraph_session=${foreign}`)).toEqual({ session: "ended", reason: "invalid" });
    expect(await sessionOf("mailgraph_session=not-a-token")).toEqual({ session: "ended", reason: "invalid" });
  });

  it("takes GET only", async () => {
    const res = await fetch(`${stack.gateway.url}/auth/session`, { method: "POST" });
    expect(res.status).toBe(404);
  });
});
