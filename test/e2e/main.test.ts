/**
 * `npm start` as a user runs it: a child process that starts the embedded sandbox (or uses
 * LEGACY_URL), prints where things listen, answers, and exits cleanly on SIGINT; a bad
 * configuration is a readable message and exit code 1.
 */
import { describe, expect, it } from "vitest";
import { exit, output, runEntry } from "../support/child-process.js";
import { loadConfig } from "../../src/config.js";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox } from "../../src/sandbox/legacy/index.js";
import { graphql } from "../gql/index.js";
import { must } from "../support/must.js";
import { postGraphQL } from "../support/graphql-http.js";

const ClientNames = graphql(`
  query MainClientNames {
    clients {
      name
    }
  }
`);

describe("npm start", () => {
  it("listens on 127.0.0.1:4000 and embeds the sandbox when nothing is configured", () => {
    const config = loadConfig({});
    expect({ host: config.host, port: config.port, legacyUrl: config.legacy.url }).toEqual({
      host: "127.0.0.1",
      port: 4000,
      legacyUrl: undefined,
    });
  });

  it("without backend URLs starts both sandboxes and the gateway, and stops on SIGINT", async () => {
    const child = runEntry("src/main.ts", { PORT: "0", SANDBOX_LEGACY_PORT: "0", SANDBOX_COMMERCE_PORT: "0" });
    const exited = exit(child);
    const out = await output(child, /commerce REST sandbox\s+http:\S+/);
    const graphiql = must(/GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(out)?.[1], "the GraphiQL URL in the output");
    expect(out).toMatch(/legacy list service sandbox\s+http:\/\/127\.0\.0\.1:\d+\/api\/api\.asmx/);

    // The commerce sandbox answers its demo key with the demo segments.
    const commerce = must(
      /commerce REST sandbox\s+(http:\/\/127\.0\.0\.1:\d+\/api\/v1)/.exec(out)?.[1],
      "the commerce sandbox URL in the output",
    );
    const segments = await fetch(`${commerce}/segments`, { headers: { "X-ApiKey": "demo-commerce-key" } });
    expect(segments.status).toBe(200);
    expect(((await segments.json()) as { data: { id: string }[] }).data.map((s) => s.id)).toContain("seg_all");

    expect(await (await fetch(`${graphiql}/health`)).json()).toEqual({ status: "ok" });
    const { data, errors } = await postGraphQL(graphiql, ClientNames);
    expect(errors).toEqual([]);
    expect(data!.clients!.map((c) => c.name)).toContain("Northwind Traders");

    child.kill("SIGINT");
    expect((await exited).code).toBe(0);
  });

  it("with LEGACY_URL and COMMERCE_URL talks to those services and starts no sandbox", async () => {
    const sandbox = await startLegacySandbox({ apiKey: "another-key" });
    try {
      const child = runEntry("src/main.ts", {
        PORT: "0",
        LEGACY_URL: sandbox.url,
        LEGACY_API_KEY: "another-key",
        COMMERCE_URL: "http://127.0.0.1:9/api/v1",
        AUTH_MODE: "open",
      });
      const exited = exit(child);
      const out = await output(child, /GraphiQL\s+http:\S+/);
      expect(out).not.toMatch(/sandbox/);
      const graphiql = must(/GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(out)?.[1], "the GraphiQL URL in the output");
      const { data } = await postGraphQL(graphiql, ClientNames);
      expect(data!.clients!.length).toBe(Object.keys(DEMO.clients).length);
      expect(sandbox.calls.count("User.GetClients")).toBe(1);
      child.kill("SIGTERM");
      expect((await exited).code).toBe(0);
    } finally {
      await sandbox.close();
    }
  });

  it("refuses HS512 PoP signing with the embedded commerce sandbox's 60-character secret", async () => {
    const child = runEntry("src/main.ts", {
      PORT: "0",
      SANDBOX_LEGACY_PORT: "0",
      SANDBOX_COMMERCE_PORT: "0",
      COMMERCE_POP_ALG: "HS512",
    });
    const { code, stderr } = await exit(child);
    expect(code).toBe(1);
    expect(stderr).toContain("COMMERCE_POP_ALG=HS512 needs a client secret of at least 64 bytes");
    expect(stderr).not.toContain(COMMERCE_DEMO.app.clientSecret);
  });

  it("prints every configuration problem readably and exits with 1", async () => {
    const child = runEntry("src/main.ts", {
      PORT: "eighty",
      LEGACY_URL: "ftp://legacy.example.com",
      LEGACY_API_KEY: "do-not-print-me",
    });
    const { code, stderr } = await exit(child);
    expect(code).toBe(1);
    expect(stderr).toContain("invalid configuration");
    expect(stderr).toContain("PORT must be a whole number");
    expect(stderr).toContain("LEGACY_URL must be an absolute http(s) URL");
    expect(stderr).not.toContain("do-not-print-me");
    expect(stderr).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
