/**
 * Infrastructure failures stay on the fields that needed the backend: the rest of the response
 * arrives, each error carries extensions.code, no response is a 500, and no message holds a key.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { errorCodesByPath, postGraphQL } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startLegacyProxy, type LegacyProxy } from "./support/legacy-proxy.js";
import { callCounts, startGateway, startStack, type Stack } from "../support/stack.js";

/** Each field's own error is what these tests look at: the circuit breaker stays out of the way (test/faults opens it). */
const NO_BREAKER = { LEGACY_BREAKER_FAILURES: "10000" };

const Everything = graphql(`
  query Everything($client: ID!, $list: ID!, $template: ID!) {
    clients {
      id
    }
    client(id: $client) {
      name
    }
    list(id: $list) {
      name
    }
    template(id: $template) {
      name
    }
  }
`);

const Overview = graphql(`
  query FailureOverview {
    clients {
      id
      name
      lists {
        id
        name
        stats {
          totalActiveSubscribers
        }
      }
      campaigns {
        id
        subject
        summary {
          recipients
        }
      }
    }
  }
`);

const AddOne = graphql(`
  mutation FailureAddOne($input: AddSubscriberInput!) {
    addSubscriber(input: $input) {
      __typename
    }
  }
`);

const KeyScope = graphql(`
  query FailureKeyScope($garbage: ID!) {
    clients {
      id
    }
    node(id: $garbage) {
      id
    }
  }
`);

const AddChecked = graphql(`
  mutation FailureAddChecked($input: AddSubscriberInput!) {
    addSubscriber(input: $input) {
      __typename
      ... on InputError {
        field
        rule
      }
    }
  }
`);

const everythingVars = {
  client: demo.northwind,
  list: demo.newsletter,
  template: gid.template(DEMO.templates.newsletter),
};
const BAD_KEY = "not-the-key-3f9a1c";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe("a refused API key (code 100)", () => {
  it("is UNAUTHENTICATED on every field that reached the backend, never echoing the key", async () => {
    const res = await stack.gql(Everything, everythingVars, { "x-legacy-api-key": BAD_KEY });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ clients: null, client: null, list: null, template: null });
    expect(Object.fromEntries(res.errors.map((e) => [e.path!.join("."), e.extensions!.code]))).toEqual({
      clients: "UNAUTHENTICATED",
      client: "UNAUTHENTICATED",
      list: "UNAUTHENTICATED",
      template: "UNAUTHENTICATED",
    });
    expect(JSON.stringify(res)).not.toContain(BAD_KEY);
  });

  it("is UNAUTHENTICATED on a mutation, which sends nothing else", async () => {
    stack.legacy.calls.reset();
    const res = await stack.gql(
      AddOne,
      { input: { listId: demo.newsletter, email: "k@example.com" } },
      { "x-legacy-api-key": BAD_KEY },
    );
    expect(res.data).toEqual({ addSubscriber: null });
    expect(res.errors.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(stack.legacy.calls.total()).toBe(1);
  });

  it("belongs to its request only: a concurrent request with the right key gets its data", async () => {
    const [bad, good] = await Promise.all([
      stack.gql(Everything, everythingVars, { "x-legacy-api-key": BAD_KEY }),
      stack.gql(Everything, everythingVars, { "x-legacy-api-key": DEMO.apiKey }),
    ]);
    expect(bad.data!.clients).toBeNull();
    expect(good.errors).toEqual([]);
    expect(good.data!.client!.name).toBe("Northwind Traders");
  });
});

describe("a refused key stays on the fields that reach the backend", () => {
  it("a field answered without a call keeps its own outcome", async () => {
    stack.legacy.calls.reset();
    const query = await stack.gql(KeyScope, { garbage: "not-a-global-id!" }, { "x-legacy-api-key": BAD_KEY });
    expect(query.data).toEqual({ clients: null, node: null });
    expect(errorCodesByPath(query.errors)).toEqual({ clients: "UNAUTHENTICATED", node: "BAD_USER_INPUT" });

    const refused = await stack.gql(
      AddChecked,
      { input: { listId: demo.newsletter, email: "not-an-email" } },
      { "x-legacy-api-key": BAD_KEY },
    );
    expect(refused.errors).toEqual([]);
    expect(refused.data!.addSubscriber).toEqual({ __typename: "InputError", field: "email", rule: "EMAIL" });
    expect(callCounts(stack.legacy)).toEqual({ "User.GetClients": 1 });
  });
});

describe("no API key at all", () => {
  it("is UNAUTHENTICATED without calling the backend", async () => {
    const gateway = await startGateway(stack.legacy.url, { LEGACY_API_KEY: "" });
    try {
      stack.legacy.calls.reset();
      const res = await postGraphQL(gateway.url, Everything, everythingVars);
      expect(res.data).toEqual({ clients: null, client: null, list: null, template: null });
      expect(new Set(res.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UNAUTHENTICATED"]));
      expect(stack.legacy.calls.total()).toBe(0);
      const write = await postGraphQL(gateway.url, AddOne, {
        input: { listId: demo.newsletter, email: "nokey@example.com" },
      });
      expect(write.data).toEqual({ addSubscriber: null });
      expect(errorCodesByPath(write.errors)).toEqual({ addSubscriber: "UNAUTHENTICATED" });
      expect(stack.legacy.calls.total()).toBe(0);
      // A caller's own key works on a gateway without a configured one.
      const withKey = await postGraphQL(gateway.url, Everything, everythingVars, { "x-legacy-api-key": DEMO.apiKey });
      expect(withKey.errors).toEqual([]);
    } finally {
      await gateway.close();
    }
  });
});

describe("a backend that is down", () => {
  it("is UPSTREAM_UNAVAILABLE on the fields that needed it, with status 200", async () => {
    // Port 1 on loopback: nothing listens there, so every connection is refused. (A port freed by
    // closing a server of this test could be taken by another test's server in the meantime.)
    const gateway = await startGateway("http://127.0.0.1:1", NO_BREAKER);
    try {
      const res = await postGraphQL(gateway.url, Everything, everythingVars);
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ clients: null, client: null, list: null, template: null });
      expect(new Set(res.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UPSTREAM_UNAVAILABLE"]));
      expect(res.errors).toHaveLength(4);
    } finally {
      await gateway.close();
    }
  });
});

describe("one failing operation", () => {
  let proxy: LegacyProxy;
  beforeAll(async () => {
    proxy = await startLegacyProxy(stack.legacy.url);
  });
  afterAll(() => proxy.close());

  async function overviewWhile(script: () => void, env: Record<string, string> = {}) {
    const gateway = await startGateway(proxy.url, { ...NO_BREAKER, ...env });
    script();
    try {
      return await postGraphQL(gateway.url, Overview);
    } finally {
      proxy.clear();
      await gateway.close();
    }
  }

  const paths = (errors: { path?: (string | number)[] }[]) => errors.map((e) => e.path!.join("."));

  it("an error page (HTTP 503) nulls only that field: UPSTREAM_UNAVAILABLE", async () => {
    const res = await overviewWhile(() =>
      proxy.script("List.GetStats", {
        status: 503,
        contentType: "text/html",
        body: "<html><body>Service Unavailable</body></html>",
      }),
    );
    expect(res.status).toBe(200);
    const lists = res.data!.clients!.flatMap((c) => c.lists!);
    expect(lists).toHaveLength(Object.keys(DEMO.lists).length);
    expect(lists.every((l) => l.stats === null && l.name.length > 0)).toBe(true);
    expect(res.data!.clients!.flatMap((c) => c.campaigns!).every((c) => c.summary!.recipients! > 0)).toBe(true);
    expect(res.errors).toHaveLength(lists.length);
    expect(new Set(res.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UPSTREAM_UNAVAILABLE"]));
    expect(paths(res.errors).every((p) => /^clients\.\d+\.lists\.\d+\.stats$/.test(p))).toBe(true);
  });

  it.each([
    [401, "UNAUTHENTICATED"],
    [403, "FORBIDDEN"],
    [429, "UPSTREAM_UNAVAILABLE"],
  ])("an HTTP %i from a proxy in front of the service is %s on that field", async (status, code) => {
    const res = await overviewWhile(() =>
      proxy.script("Client.GetCampaigns", { status, contentType: "text/html", body: "<html>refused</html>" }),
    );
    expect(res.status).toBe(200);
    expect(res.data!.clients!.every((c) => c.campaigns === null && c.lists!.length > 0)).toBe(true);
    expect(new Set(res.errors.map((e) => e.extensions?.code))).toEqual(new Set([code]));
    expect(res.errors[0]?.extensions).toMatchObject({ backend: "legacy", operation: "Client.GetCampaigns", status });
  });

  it("a reply that is not XML is UPSTREAM_BAD_RESPONSE", async () => {
    const res = await overviewWhile(() => proxy.script("Client.GetCampaigns", { body: "this is not xml" }));
    expect(res.data!.clients!.every((c) => c.campaigns === null && c.lists!.length > 0)).toBe(true);
    expect(new Set(res.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UPSTREAM_BAD_RESPONSE"]));
    expect(res.errors).toHaveLength(Object.keys(DEMO.clients).length);
  });

  it("a SOAP fault is UPSTREAM_BAD_RESPONSE", async () => {
    const fault =
      '<?xml version="1.0"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body>' +
      "<soap:Fault><faultcode>soap:Server</faultcode><faultstring>Server was unable to process request.</faultstring></soap:Fault>" +
      "</soap:Body></soap:Envelope>";
    const res = await overviewWhile(() => proxy.script("User.GetClients", { status: 500, body: fault }));
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ clients: null });
    expect(res.errors.map((e) => [e.path!.join("."), e.extensions?.code])).toEqual([
      ["clients", "UPSTREAM_BAD_RESPONSE"],
    ]);
  });

  it("a failing write nulls the mutation field with its code, and the write is sent once", async () => {
    const gateway = await startGateway(proxy.url);
    proxy.script("Subscriber.Add", { status: 502, contentType: "text/html", body: "<html>Bad Gateway</html>" });
    proxy.resetCounts();
    try {
      const res = await postGraphQL(gateway.url, AddOne, {
        input: { listId: demo.newsletter, email: "down@example.com" },
      });
      expect(res.status).toBe(200);
      expect(res.data).toEqual({ addSubscriber: null });
      expect(errorCodesByPath(res.errors)).toEqual({ addSubscriber: "UPSTREAM_UNAVAILABLE" });
      expect(proxy.seen("Subscriber.Add")).toBe(1);
    } finally {
      proxy.clear();
      await gateway.close();
    }
  });

  it("over HTTP GET, where the key travels in the URL, no failure message carries it", async () => {
    const key = DEMO.apiKey;
    const res = await overviewWhile(
      () => {
        proxy.script("Client.GetLists", { status: 503, body: "down" });
        proxy.script("Client.GetCampaigns", { body: "<html>not the service</html>", contentType: "text/html" });
        proxy.script("User.GetClients", { body: "", status: 200 });
      },
      { LEGACY_TRANSPORT: "get", LEGACY_API_KEY: key },
    );
    expect(res.status).toBe(200);
    expect(errorCodesByPath(res.errors)).toEqual({ clients: "UPSTREAM_BAD_RESPONSE" });
    const timedOut = await overviewWhile(() => proxy.script("Client.GetLists", { body: "<never/>", delayMs: 2_000 }), {
      LEGACY_TRANSPORT: "get",
      LEGACY_API_KEY: key,
      LEGACY_HEADERS_TIMEOUT_MS: "150",
    });
    expect(new Set(timedOut.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UPSTREAM_TIMEOUT"]));
    const unavailable = await overviewWhile(() => proxy.script("Client.GetLists", { status: 503, body: "down" }), {
      LEGACY_TRANSPORT: "get",
      LEGACY_API_KEY: key,
    });
    expect(new Set(unavailable.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UPSTREAM_UNAVAILABLE"]));
    for (const response of [res, timedOut, unavailable]) {
      expect(response.errors.length).toBeGreaterThan(0);
      expect(JSON.stringify(response)).not.toContain(key);
      expect(JSON.stringify(response)).not.toContain("ApiKey=");
    }
  });

  it("a reply later than the configured timeout is UPSTREAM_TIMEOUT", async () => {
    const res = await overviewWhile(() => proxy.script("Campaign.GetSummary", { body: "<never/>", delayMs: 2_000 }), {
      LEGACY_HEADERS_TIMEOUT_MS: "150",
    });
    const campaigns = res.data!.clients!.flatMap((c) => c.campaigns!);
    expect(campaigns.length).toBeGreaterThan(0);
    expect(campaigns.every((c) => c.summary === null && c.subject.length > 0)).toBe(true);
    expect(new Set(res.errors.map((e) => e.extensions?.code))).toEqual(new Set(["UPSTREAM_TIMEOUT"]));
    expect(paths(res.errors).every((p) => /^clients\.\d+\.campaigns\.\d+\.summary$/.test(p))).toBe(true);
  });
});
