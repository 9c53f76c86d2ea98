/**
 * PERSISTED_ONLY=true on every transport: documents named by id run over HTTP POST, GET, SSE and
 * graphql-ws; a document sent as text is refused (PERSISTED_ONLY) before anything reaches a backend,
 * an unknown id is PERSISTED_QUERY_NOT_FOUND, introspection and "Did you mean" suggestions are off,
 * and GraphiQL is not served. The same gateway without PERSISTED_ONLY keeps all three for contrast.
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ListFeedDocument,
  OverviewDocument,
  PersonDocument,
  SubscribeFormDocument,
} from "../../documents/gql/graphql.js";
import { DEFAULT_MANIFEST_PATH, documentIdOf } from "../../src/persisted/documents.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { demo } from "../e2e/support/ids.js";
import { FIXED_NOW, startGateway } from "../support/stack.js";
import {
  INGRESS_TOKEN,
  until,
  wireLegacyWebhooks,
  wsClient,
  watchLogSubscriptions,
  type LogSubscriptions,
} from "../schema/events/subscriptions-support.js";
import { codes, post, send } from "../server/support.js";
import { getWith, idOf, postBody, sse, wsOperation } from "./support.js";

/** Two documents only a custom manifest holds: an introspection query and an enum variable. */
const INTROSPECTION = "query Types { __schema { queryType { name } } }";
const ENUM_VARIABLE =
  'query Subscribers($status: CommerceSubscriberStatus) { store { customerList(listId: "cl_newsletter") { subscribers(first: 1, status: $status) { totalCount } } } }';

let legacy: LegacySandbox;
let only: Gateway;
let open: Gateway;
let client: Client;
/** A subscription is in place once the gateway has opened its log subscription. */
let logs: LogSubscriptions;

beforeAll(async () => {
  legacy = await startLegacySandbox({ now: () => new Date(FIXED_NOW) });
  const manifest = JSON.parse(readFileSync(DEFAULT_MANIFEST_PATH, "utf8")) as Record<string, string>;
  for (const text of [INTROSPECTION, ENUM_VARIABLE]) manifest[documentIdOf(text)] = text;
  const path = join(mkdtempSync(join(tmpdir(), "persisted-")), "manifest.json");
  writeFileSync(path, JSON.stringify(manifest));
  const env = { AUTH_MODE: "open", PERSISTED_DOCUMENTS: path };
  only = await startGateway(legacy.url, { ...env, PERSISTED_ONLY: "true", INGRESS_TOKEN });
  open = await startGateway(legacy.url, env);
  wireLegacyWebhooks(legacy, only);
  logs = watchLogSubscriptions(only);
  client = wsClient(only);
});
afterAll(async () => {
  await client?.dispose();
  await only?.close();
  await open?.close();
  await legacy?.close();
});

const legacyCalls = () => legacy.calls.entries().length;

describe("PERSISTED_ONLY over HTTP", () => {
  it("runs a document named by documentId, and by extensions.persistedQuery.sha256Hash", async () => {
    const byId = await postBody(only.url, { documentId: idOf(OverviewDocument) });
    expect(byId.status).toBe(200);
    expect(codes(byId)).toEqual([]);
    expect((byId.body?.data as { clients: unknown[] }).clients.length).toBeGreaterThan(0);

    const hex = idOf(PersonDocument).slice("sha256:".length);
    const byHash = await postBody(only.url, { extensions: { persistedQuery: { version: 1, sha256Hash: hex } } });
    expect(byHash.status).toBe(200);
    expect((byHash.body?.data as { contact: { email: string } }).contact.email).toBe("ada.lovelace@example.com");
  });

  it("runs a persisted document over GET (documentId in the URL)", async () => {
    const res = await getWith(only.url, { documentId: idOf(OverviewDocument) });
    expect(res.status).toBe(200);
    expect((res.body?.data as { clients: unknown[] }).clients.length).toBeGreaterThan(0);
  });

  it("refuses a document text, even the very text of a persisted one, before any backend call", async () => {
    const before = legacyCalls();
    const text = readFileSync(new URL("../../documents/overview.graphql", import.meta.url), "utf8");
    for (const res of [
      await post(only.url, text),
      await post(only.url, "{ clients { id } }"),
      await getWith(only.url, { query: "{ clients { id } }" }),
      // A text and an id together: the text is refused rather than ignored.
      await postBody(only.url, { query: "{ clients { id } }", documentId: idOf(OverviewDocument) }),
    ]) {
      expect(res.status).toBe(400);
      expect(codes(res)).toEqual(["PERSISTED_ONLY"]);
      expect(res.body?.data).toBeUndefined();
    }
    expect(legacyCalls()).toBe(before);
  });

  it("answers an unknown id with PERSISTED_QUERY_NOT_FOUND, and a request naming nothing with PERSISTED_ONLY", async () => {
    const unknown = await postBody(only.url, { documentId: documentIdOf("{ clients { id } }") });
    expect(unknown.status).toBe(400);
    expect(codes(unknown)).toEqual(["PERSISTED_QUERY_NOT_FOUND"]);
    const nothing = await postBody(only.url, { variables: {} });
    expect(codes(nothing)).toEqual(["PERSISTED_ONLY"]);
  });

  it("runs a persisted mutation, and a persisted introspection document fails validation", async () => {
    const added = await postBody(only.url, {
      documentId: idOf(SubscribeFormDocument),
      variables: { input: { listId: demo.newsletter, email: "persisted.form@example.com", name: "Form" } },
    });
    expect(codes(added)).toEqual([]);
    expect(added.body?.data).toEqual({
      addSubscriber: { __typename: "AddSubscriberSuccess", email: "persisted.form@example.com" },
    });

    const types = await postBody(only.url, { documentId: documentIdOf(INTROSPECTION) });
    expect(new Set(codes(types))).toEqual(new Set(["GRAPHQL_VALIDATION_FAILED"]));
    expect(types.body?.errors?.[0]?.message).toMatch(/introspection/i);
    expect(types.body?.data).toBeUndefined();
    // Without PERSISTED_ONLY the same document introspects.
    const opened = await postBody(open.url, { documentId: documentIdOf(INTROSPECTION) });
    expect(opened.body?.data).toEqual({ __schema: { queryType: { name: "Query" } } });
  });

  it("drops the 'Did you mean' of a variable error (kept without PERSISTED_ONLY)", async () => {
    const body = { documentId: documentIdOf(ENUM_VARIABLE), variables: { status: "SUBSCRIBE" } };
    const hidden = await postBody(only.url, body);
    expect(hidden.body?.errors?.[0]?.message).toMatch(/"SUBSCRIBE" does not exist/);
    expect(hidden.text).not.toMatch(/Did you mean|SUBSCRIBED/);
    const shown = await postBody(open.url, body);
    expect(shown.body?.errors?.[0]?.message).toMatch(/Did you mean the enum value "SUBSCRIBED"/);
  });

  it("does not serve GraphiQL (it is served without PERSISTED_ONLY)", async () => {
    const page = await send(`${only.url}/graphql`, { headers: { accept: "text/html" } });
    expect(page.text).not.toMatch(/graphiql/i);
    const ide = await send(`${open.url}/graphql`, { headers: { accept: "text/html" } });
    expect(ide.status).toBe(200);
    expect(ide.text).toMatch(/graphiql/i);
  });

  it("without PERSISTED_ONLY, accepts both ids and texts", async () => {
    expect(codes(await postBody(open.url, { documentId: idOf(OverviewDocument) }))).toEqual([]);
    expect(codes(await post(open.url, "{ clients { id } }"))).toEqual([]);
    expect(codes(await postBody(open.url, { documentId: documentIdOf("{ nope }") }))).toEqual([
      "PERSISTED_QUERY_NOT_FOUND",
    ]);
  });
});

async function addSubscriber(email: string): Promise<void> {
  const res = await postBody(only.url, {
    documentId: idOf(SubscribeFormDocument),
    variables: { input: { listId: demo.newsletter, email, name: "Feed Person" } },
  });
  expect(codes(res)).toEqual([]);
}

describe("PERSISTED_ONLY over SSE", () => {
  it.each(["POST", "GET"] as const)("streams a persisted subscription named by id (%s)", async (method) => {
    const email = `persisted.sse.${method.toLowerCase()}@example.com`;
    const opened = logs.opened();
    const stream = sse(only.url, { documentId: idOf(ListFeedDocument), variables: { list: demo.newsletter } }, method);
    try {
      expect(await stream.status).toBe(200);
      await logs.untilOpened(opened + 1);
      await addSubscriber(email);
      await until(
        () => stream.results.some((r) => JSON.stringify(r.data).includes(email)),
        () => stream.results,
      );
      expect(stream.results[0]?.data?.listEvents).toMatchObject({ __typename: "SubscribeEvent" });
    } finally {
      stream.stop();
    }
  });

  it("refuses a subscription sent as text", async () => {
    const stream = sse(only.url, {
      query: "subscription { listEvents(listId: $list) { id } }",
      variables: { list: demo.newsletter },
    });
    await stream.ended;
    expect(stream.results.flatMap((r) => r.errors ?? []).map((e) => e.extensions?.code)).toEqual(["PERSISTED_ONLY"]);
    expect(stream.results.some((r) => r.data)).toBe(false);
  });
});

describe("PERSISTED_ONLY over graphql-ws", () => {
  it("runs a persisted subscription and a persisted query named by id (query left empty)", async () => {
    const opened = logs.opened();
    const feed = wsOperation(client, {
      query: "",
      documentId: idOf(ListFeedDocument),
      variables: { list: demo.newsletter },
    });
    try {
      await logs.untilOpened(opened + 1);
      await addSubscriber("persisted.ws@example.com");
      await until(
        () => feed.results.some((r) => JSON.stringify(r.data).includes("persisted.ws@example.com")),
        () => [feed.results, feed.refused],
      );
      const hex = idOf(OverviewDocument).slice("sha256:".length);
      const overview = wsOperation(client, {
        query: "",
        extensions: { persistedQuery: { version: 1, sha256Hash: hex } },
      });
      await overview.done;
      expect(overview.refused).toBeUndefined();
      expect((overview.results[0]?.data as { clients: unknown[] }).clients.length).toBeGreaterThan(0);
    } finally {
      feed.stop();
    }
  });

  it("refuses a text with PERSISTED_ONLY and an unknown id with PERSISTED_QUERY_NOT_FOUND", async () => {
    const text = wsOperation(client, { query: "{ clients { id } }" });
    await text.done;
    expect(text.results).toEqual([]);
    expect(text.refused?.map((e) => e.extensions?.code)).toEqual(["PERSISTED_ONLY"]);

    const unknown = wsOperation(client, { query: "", documentId: documentIdOf("{ clients { id } }") });
    await unknown.done;
    expect(unknown.refused?.map((e) => e.extensions?.code)).toEqual(["PERSISTED_QUERY_NOT_FOUND"]);

    const introspection = wsOperation(client, { query: "", documentId: documentIdOf(INTROSPECTION) });
    await introspection.done;
    expect(new Set(introspection.refused?.map((e) => e.extensions?.code))).toEqual(
      new Set(["GRAPHQL_VALIDATION_FAILED"]),
    );
  });
});
