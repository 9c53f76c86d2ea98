/**
 * Commerce failures as the graph shows them: scoped to the commerce fields, each with the code an
 * operator and a client can act on, and the legacy fields of the same request unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listen } from "../../src/util/listen.js";
import { codes, post } from "../server/support.js";
import { startStack, type CommerceStack } from "../support/stack.js";
import { startGateway } from "../support/stack.js";

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());

const QUERY = "{ clients { name } store { segments { name } } }";

/** Posts QUERY to a gateway on the stack's legacy sandbox configured with `env`. */
async function ask(env: Record<string, string>) {
  const gateway = await startGateway(stack.legacy.url, env);
  try {
    return await post(gateway.url, QUERY);
  } finally {
    await gateway.close();
  }
}

describe("commerce failures", () => {
  it("no commerce backend configured: UPSTREAM_UNAVAILABLE on store's fields, legacy data intact", async () => {
    const res = await ask({ COMMERCE_API_KEY: "any" });
    expect(codes(res)).toEqual(["UPSTREAM_UNAVAILABLE"]);
    expect((res.body?.data as { clients: unknown[] }).clients.length).toBeGreaterThan(0);
  });

  it("an unreachable commerce backend: UPSTREAM_UNAVAILABLE", async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    const res = await ask({ COMMERCE_URL: `${closed.url}/api/v1`, COMMERCE_API_KEY: "any" });
    expect(codes(res)).toEqual(["UPSTREAM_UNAVAILABLE"]);
    expect(JSON.stringify(res.body)).not.toContain(String(closed.port));
  });

  it("a key the backend refuses: UNAUTHENTICATED, and the key is not echoed", async () => {
    const res = await ask({ COMMERCE_URL: stack.commerce.baseUrl, COMMERCE_API_KEY: "not-the-demo-key-1234" });
    expect(codes(res)).toEqual(["UNAUTHENTICATED"]);
    expect(res.text).not.toContain("not-the-demo-key-1234");
  });

  it("no commerce credential at all: UNAUTHENTICATED before any call", async () => {
    const before = stack.commerce.calls.total();
    const res = await ask({ COMMERCE_URL: stack.commerce.baseUrl });
    expect(codes(res)).toEqual(["UNAUTHENTICATED"]);
    expect(stack.commerce.calls.total()).toBe(before);
  });

  it("a caller's own X-Commerce-Api-Key is used instead of the server's", async () => {
    const res = await post(stack.gateway.url, QUERY, undefined, { "x-commerce-api-key": "someone-elses-key-5678" });
    expect(codes(res)).toEqual(["UNAUTHENTICATED"]);
    const mine = await post(stack.gateway.url, QUERY, undefined, { "x-commerce-api-key": stack.commerce.demo.apiKey });
    expect(codes(mine)).toEqual([]);
  });
});
