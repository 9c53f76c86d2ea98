/**
 * GraphiQL's renderer (tens of MB of inline scripts and styles) is imported on the page's first
 * request, not when the gateway starts; the page (about 9 MB) is rendered and compressed once and
 * then sent from memory in the coding the caller takes, with an ETag per coding.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type * as RenderGraphiQLModule from "@graphql-yoga/render-graphiql";
import { loadConfig } from "../../src/config.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { createGateway, type Gateway } from "../../src/server.js";

const imported = vi.hoisted(() => ({ count: 0, renders: 0 }));
vi.mock("@graphql-yoga/render-graphiql", async (importOriginal) => {
  imported.count++;
  const original = await importOriginal<typeof RenderGraphiQLModule>();
  return {
    ...original,
    renderGraphiQL: (...args: Parameters<typeof original.renderGraphiQL>) => {
      imported.renders++;
      return original.renderGraphiQL(...args);
    },
  };
});

describe("GraphiQL's page", () => {
  let sandbox: LegacySandbox;
  let gateway: Gateway;
  beforeAll(async () => {
    sandbox = await startLegacySandbox();
    gateway = await createGateway(
      loadConfig({
        HOST: "127.0.0.1",
        PORT: "0",
        LEGACY_URL: sandbox.url,
        LEGACY_API_KEY: DEMO.apiKey,
        AUTH_MODE: "open",
      }),
      { log: () => undefined },
    );
  });
  afterAll(async () => {
    await gateway?.close();
    await sandbox?.close();
  });

  it("is rendered by a module imported on its first request, once", async () => {
    const answer = await fetch(`${gateway.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(answer.status).toBe(200);
    expect(imported.count).toBe(0);
    for (let i = 0; i < 2; i++) {
      const page = await fetch(`${gateway.url}/graphql`, { headers: { accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>mailgraph</title>");
    }
    expect(imported.count).toBe(1);
  });

  /** The page's raw answer for these request headers (undici: no decoding on the way). */
  const page = async (headers: Record<string, string>) => {
    const res = await request(`${gateway.url}/graphql`, { headers: { accept: "text/html", ...headers } });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  };

  it("is rendered once for many callers, and each gets the coding it takes", async () => {
    const before = imported.renders;
    const [br, gzip, plain] = await Promise.all([
      page({ "accept-encoding": "gzip, deflate, br" }),
      page({ "accept-encoding": "gzip" }),
      page({}),
      ...Array.from({ length: 5 }, () => page({ "accept-encoding": "br" })),
    ]);
    // The first test rendered it already: nothing more.
    expect(imported.renders - before).toBe(0);
    expect(imported.renders).toBe(1);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(plain.body.toString("utf8")).toContain("<title>mailgraph</title>");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    // Compressed, the page is a fraction of its size.
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    for (const answer of [br, gzip, plain]) {
      expect(answer.headers["vary"]).toBe("Accept-Encoding");
      expect(answer.headers["cache-control"]).toBe("no-cache");
      // The framing and sniffing headers of every answer.
      expect(answer.headers["x-frame-options"]).toBe("DENY");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    expect(new Set([br, gzip, plain].map((a) => a.headers["etag"])).size).toBe(3);
  });

  it("answers a revalidation with 304 and no body, per coding", async () => {
    const first = await page({ "accept-encoding": "br" });
    const etag = String(first.headers["etag"]);
    const again = await page({ "accept-encoding": "br", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers["etag"]).toBe(etag);
    // The brotli copy's tag does not validate the gzip copy.
    const other = await page({ "accept-encoding": "gzip", "if-none-match": etag });
    expect(other.status).toBe(200);
    expect(other.headers["content-encoding"]).toBe("gzip");
  });

  it("refuses a caller that takes no coding it has with 406, and leaves GraphQL requests to yoga", async () => {
    const none = await page({ "accept-encoding": "br;q=0, gzip;q=0, identity;q=0" });
    expect(none.status).toBe(406);
    // A coding named with q=0 stays refused whatever `*` says, and the heavier coding wins.
    for (const [header, coding] of [
      ["br;q=0, *", "gzip"],
      ["br;q=0.1, gzip;q=1", "gzip"],
      ["*;q=0, identity", undefined],
      ["identity;q=0, *", "br"],
    ] as const) {
      const answer = await page({ "accept-encoding": header });
      expect([header, answer.status, answer.headers["content-encoding"]]).toEqual([header, 200, coding]);
    }
    const query = await fetch(`${gateway.url}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: "application/json", "x-graphql-yoga-csrf": "1" },
    });
    expect(await query.json()).toMatchObject({ data: { __typename: "Query" } });
  });
});
