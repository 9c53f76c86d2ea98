/**
 * Who may drive the gateway over HTTP: a page on another site may not (no CORS for it, its
 * requests refused, no cross-site write), a foreign Host name is not served, simple requests a
 * browser sends without a preflight are refused, and bodies are bounded. Allowed origins work.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demo } from "../e2e/support/ids.js";
import { callCounts, startGateway, startStack, type Stack } from "../support/stack.js";
import type { Gateway } from "../../src/server.js";
import { codes, post, send } from "../server/support.js";

const EVIL = "http://evil.example";
const APP = "https://app.example.com";

let stack: Stack;
let open: Gateway; // with CORS_ORIGINS and ALLOWED_HOSTS set
beforeAll(async () => {
  stack = await startStack();
  open = await startGateway(stack.legacy.url, {
    CORS_ORIGINS: `${APP}, http://localhost:5173`,
    ALLOWED_HOSTS: "mailgraph.example.com",
  });
});
afterAll(async () => {
  await open.close();
  await stack.close();
});

const createList = `mutation { createList(input: { clientId: "${demo.northwind}", title: "Cross-site list", confirmOptIn: false }) { __typename } }`;

/** A raw request with any Host header (fetch will not send a foreign one). */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { method: options.method ?? "GET", headers: options.headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

describe("by default (no CORS_ORIGINS)", () => {
  it("does not answer a preflight from another origin with CORS headers", async () => {
    const res = await send(`${stack.gateway.url}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin: EVIL,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("refuses a cross-origin GET query and a cross-origin createList; nothing is written", async () => {
    stack.legacy.calls.reset();
    const get = await send(`${stack.gateway.url}/graphql?query=${encodeURIComponent("{ clients { name } }")}`, {
      headers: { origin: EVIL, accept: "application/json" },
    });
    expect(get.status).toBe(403);
    expect(codes(get)).toEqual(["ORIGIN_NOT_ALLOWED"]);
    const write = await post(stack.gateway.url, createList, undefined, { origin: EVIL });
    expect(write.status).toBe(403);
    expect(callCounts(stack.legacy)).toEqual({});
  });

  it("refuses the simple requests a page can send without a preflight (form posts, plain GETs)", async () => {
    stack.legacy.calls.reset();
    const form = await send(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `query=${encodeURIComponent(createList)}`,
    });
    expect(form.status).toBe(403);
    const text = await send(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: createList }),
    });
    expect(text.status).toBe(403);
    const plainGet = await send(`${stack.gateway.url}/graphql?query=${encodeURIComponent("{ clients { name } }")}`, {
      headers: { accept: "application/json" },
    });
    expect(plainGet.status).toBe(403);
    expect(callCounts(stack.legacy)).toEqual({});
    // A client that says so (a custom header forces a preflight in browsers) may use GET.
    const withHeader = await send(`${stack.gateway.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: "application/json", "x-graphql-yoga-csrf": "1" },
    });
    expect(withHeader.status).toBe(200);
  });

  it("serves same-origin pages such as GraphiQL", async () => {
    const res = await post(stack.gateway.url, "{ __typename }", undefined, { origin: stack.gateway.url });
    expect(res.status).toBe(200);
    expect(res.body?.data).toEqual({ __typename: "Query" });
  });

  it("lets no other page frame GraphiQL or any answer, and no answer be sniffed into another type", async () => {
    const page = await send(`${stack.gateway.url}/graphql`, { headers: { accept: "text/html" } });
    const json = await post(stack.gateway.url, "{ __typename }");
    const login = await send(`${stack.gateway.url}/auth/commerce/login`, { redirect: "manual" });
    expect(page.text).toContain("<html");
    for (const res of [page, json]) {
      expect(res.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    }
    // A page with a policy of its own keeps framing out too.
    expect(login.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("does not serve a foreign Host name (DNS rebinding) on a loopback gateway", async () => {
    const res = await rawRequest(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { host: "evil.example", "content-type": "application/json" },
      body: JSON.stringify({ query: "{ clients { name } }" }),
    });
    expect(res.status).toBe(421);
    expect(res.body).toMatch(/HOST_NOT_ALLOWED/);
    const local = await rawRequest(`${stack.gateway.url}/health`, {
      headers: { host: `localhost:${stack.gateway.port}` },
    });
    expect(local.status).toBe(200);
  });

  it("refuses a Host header that is no host[:port], even when it starts with a loopback name", async () => {
    for (const host of [
      "localhost:1@evil.example",
      "localhost@evil.example",
      "localhost/evil.example",
      "localhost:80/x",
      "localhost evil.example",
      "localhost:http",
      "localhost:99999",
      "[::1]:1@evil.example",
      "127.0.0.1:-1",
    ]) {
      const res = await rawRequest(`${stack.gateway.url}/health`, { headers: { host } });
      expect({ host, status: res.status }).toEqual({ host, status: 421 });
      expect(res.body).toMatch(/HOST_NOT_ALLOWED/);
    }
    for (const host of ["localhost", "LOCALHOST:4000", "127.0.0.1:8080", "[::1]:4000", "[::1]"]) {
      const res = await rawRequest(`${stack.gateway.url}/health`, { headers: { host } });
      expect({ host, status: res.status }).toEqual({ host, status: 200 });
    }
  });
});

describe("with CORS_ORIGINS and ALLOWED_HOSTS", () => {
  it("answers an allowed origin's preflight with its origin and credentials, and serves its requests", async () => {
    const pre = await send(`${open.url}/graphql`, {
      method: "OPTIONS",
      headers: {
        origin: APP,
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type",
      },
    });
    expect(pre.headers.get("access-control-allow-origin")).toBe(APP);
    expect(pre.headers.get("access-control-allow-credentials")).toBe("true");
    const res = await post(open.url, "{ __typename }", undefined, { origin: APP });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(APP);
  });

  it("still refuses other origins", async () => {
    const res = await post(open.url, "{ __typename }", undefined, { origin: EVIL });
    expect(res.status).toBe(403);
  });

  it("serves the allowed host name and loopback names, and nothing else", async () => {
    const named = await rawRequest(`${open.url}/health`, { headers: { host: "mailgraph.example.com" } });
    expect(named.status).toBe(200);
    const other = await rawRequest(`${open.url}/health`, { headers: { host: "other.example.com" } });
    expect(other.status).toBe(421);
  });
});

describe("body size", () => {
  it("refuses a body larger than MAX_BODY_BYTES before reading it", async () => {
    const big = JSON.stringify({ query: `{ __typename } # ${"x".repeat(1024 * 1024 + 10)}` });
    const res = await send(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: big,
    });
    expect(res.status).toBe(413);
    expect(codes(res)).toEqual(["MAX_BODY_BYTES_EXCEEDED"]);
  });

  it("refuses a body sent without a length", async () => {
    const res = await rawRequest(`${stack.gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "transfer-encoding": "chunked" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.status).toBe(411);
  });
});
