/** The context's `limits.maxNodeIds` bounds nodes(ids:): the server's number, else 100. */
import { execute, parse } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LegacyClient } from "../../src/backends/legacy/client.js";
import { loadConfig } from "../../src/config.js";
import { createContext } from "../../src/context.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import { compositeId, encodeGlobalId } from "../../src/schema/support/global-id.js";
import { schema } from "../../src/schema/index.js";

let sandbox: LegacySandbox;
let client: LegacyClient;
beforeAll(async () => {
  sandbox = await startLegacySandbox();
  const { legacy } = loadConfig({ LEGACY_URL: sandbox.url, AUTH_MODE: "open" });
  client = new LegacyClient({
    url: sandbox.url,
    transport: "soap",
    namespace: legacy.namespace,
    limits: legacy.limits,
  });
});
afterAll(async () => {
  await client.close();
  await sandbox.close();
});

const document = parse("query($ids: [ID!]!) { nodes(ids: $ids) { id } }");
const northwind = encodeGlobalId("Client", compositeId(DEMO.clients.northwind));
const run = (count: number, limits?: { maxNodeIds?: number }) =>
  execute({
    schema,
    document,
    variableValues: { ids: Array.from({ length: count }, () => northwind) },
    contextValue: createContext({ legacyClient: client, legacy: { apiKey: DEMO.apiKey, concurrency: 4 }, limits }),
  });

describe("nodes(ids:) limit from the context", () => {
  it("takes the configured number", async () => {
    sandbox.calls.reset();
    const refused = await run(3, { maxNodeIds: 2 });
    expect(refused.errors?.map((e) => e.extensions)).toEqual([{ code: "BAD_USER_INPUT", limit: 2 }]);
    expect(sandbox.calls.total()).toBe(0);
    const answered = await run(2, { maxNodeIds: 2 });
    expect(answered.errors).toBeUndefined();
    expect(answered.data?.nodes).toHaveLength(2);
  });

  it("defaults to 100 when the server gives none", async () => {
    expect((await run(101)).errors?.[0]?.extensions).toMatchObject({ code: "BAD_USER_INPUT", limit: 100 });
    expect((await run(100)).errors).toBeUndefined();
  });
});
