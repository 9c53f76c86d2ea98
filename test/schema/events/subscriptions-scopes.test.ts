/**
 * commerceEvents is refused before anything streams when the caller's commerce credential lacks
 * read_customers, or when there is no commerce credential at all (SSE; graphql-ws shares the
 * same execution path).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type CommerceStack } from "../../support/stack.js";

let stack: CommerceStack;
beforeAll(async () => {
  stack = await startStack({ commerce: true });
});
afterAll(() => stack.close());

const STORE_FEED =
  'subscription StoreFeed { commerceEvents(topics: ["async-job/completed"]) { __typename id topic ts } }';

/** Opens the subscription over SSE and reads what arrives within `ms` (a refusal ends the stream). */
async function sse(url: string, ms = 2_000): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ query: STORE_FEED }),
      signal: controller.signal,
    });
    return await res.text();
  } catch {
    return "(still open)";
  } finally {
    clearTimeout(timer);
  }
}

describe("commerceEvents access", () => {
  it("refuses a credential without read_customers with FORBIDDEN naming the scope, and ends the stream", async () => {
    const { gateway } = await stack.oauthGateway(["read_async_job"]);
    const text = await sse(gateway.url);
    expect(text).toContain('"code":"FORBIDDEN"');
    expect(text).toContain("read_customers");
  });

  it("refuses a caller without any commerce credential with UNAUTHENTICATED", async () => {
    const { gateway } = await stack.gatewayWith({});
    const text = await sse(gateway.url);
    expect(text).toContain('"code":"UNAUTHENTICATED"');
  });

  it("lets a credential with read_customers subscribe (the stream stays open)", async () => {
    const { gateway } = await stack.oauthGateway(["read_customers"]);
    expect(await sse(gateway.url, 800)).toBe("(still open)");
  });
});
