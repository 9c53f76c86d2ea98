/**
 * useLiveStreams (src/plugins/live-streams.ts) in yoga's real pipeline, on a schema of its own: a
 * subscription marked live streams as a LiveStream whose results are masked as yoga masks every
 * other one (the original logged), whose source failures are masked the same way, and whose bad
 * variables are BAD_USER_INPUT; one not marked keeps graphql's own stream.
 */
import { getEventListeners } from "node:events";
import { GraphQLError, type ExecutionResult } from "graphql";
import { createSchema, createYoga, maskError } from "graphql-yoga";
import { describe, expect, it } from "vitest";
import { LiveStream } from "../../src/live/live-stream.js";
import { useLiveStreams } from "../../src/plugins/live-streams.js";

const typeDefs = /* GraphQL */ `
  type Query {
    ok: Boolean
  }
  type Tick {
    n: Int!
    secret: String
    coded: String
  }
  type Subscription {
    ticks(until: Int!): Tick
    broken: Tick
  }
`;

/** Events 1..until, then the end; `broken` fails after its first event. */
const resolvers = {
  Subscription: {
    ticks: {
      subscribe: async function* (_: unknown, { until }: { until: number }) {
        for (let n = 1; n <= until; n++) yield await Promise.resolve({ n });
      },
      resolve: (event: { n: number }) => event,
    },
    broken: {
      subscribe: async function* () {
        yield await Promise.resolve({ n: 1 });
        throw new Error("the feed's internal detail");
      },
      resolve: (event: { n: number }) => event,
    },
  },
  Tick: {
    secret: () => {
      throw new Error("a database password in a message");
    },
    coded: () => {
      throw new GraphQLError("A message for the caller.", { extensions: { code: "NOT_FOUND" } });
    },
  },
};

function setup(live: boolean) {
  const logged: unknown[] = [];
  // What the gateway's useRequestSignal does: the operation's signal on its arguments.
  const controller = new AbortController();
  const yoga = createYoga({
    schema: createSchema({ typeDefs, resolvers }),
    logging: false,
    plugins: [
      {
        onSubscribe: ({ args }: { args: { signal?: AbortSignal } }) => {
          args.signal = controller.signal;
        },
      },
      useLiveStreams({
        isLive: () => live,
        maskError: (error) => {
          const masked = maskError(error, "Unexpected error.", false);
          if (masked !== error) logged.push(error);
          return masked;
        },
      }),
    ],
  });
  const subscribe = async (query: string, variables?: Record<string, unknown>) => {
    const env = yoga.getEnveloped({ request: new Request("http://localhost/graphql"), params: { query } });
    const document = env.parse(query);
    const contextValue = await env.contextFactory();
    return (await env.subscribe({ schema: env.schema, document, contextValue, variableValues: variables })) as unknown;
  };
  return { subscribe, logged, signal: controller.signal };
}

/** Everything a LiveStream hands over, and how it ended. */
function drain(stream: LiveStream): Promise<{ results: ExecutionResult[]; end: unknown }> {
  const results: ExecutionResult[] = [];
  return new Promise((resolve) =>
    stream.read({ onResult: (r) => results.push(r), onEnd: (end) => resolve({ results, end }) }),
  );
}

describe("useLiveStreams", () => {
  it("streams a live subscription as a LiveStream: each event executed, unexpected errors masked and logged", async () => {
    const { subscribe, logged } = setup(true);
    const stream = await subscribe("subscription { ticks(until: 2) { n secret coded } }");
    expect(stream).toBeInstanceOf(LiveStream);
    const { results, end } = await drain(stream as LiveStream);
    expect(end).toBeUndefined();
    expect(results.map((r) => (r.data as { ticks: { n: number } }).ticks.n)).toEqual([1, 2]);
    for (const result of results) {
      const errors = (result.errors ?? []).map((e) => ({ message: e.message, code: e.extensions["code"] }));
      expect(errors).toEqual([
        { message: "Unexpected error.", code: "INTERNAL_SERVER_ERROR" },
        { message: "A message for the caller.", code: "NOT_FOUND" },
      ]);
    }
    expect(JSON.stringify(results)).not.toContain("password");
    // The original of each masked error is logged, once per event.
    expect(logged.map((e) => (e as GraphQLError).message)).toEqual([
      "a database password in a message",
      "a database password in a message",
    ]);
  });

  it("leaves no listener on the operation's signal, however many events it executes", async () => {
    const { subscribe, signal } = setup(true);
    const { results } = await drain((await subscribe("subscription { ticks(until: 30) { n } }")) as LiveStream);
    expect(results).toHaveLength(30);
    // graphql-tools' executor adds one to each execution's signal until it aborts: a shared
    // execution lives for weeks and would gather one per event.
    expect(getEventListeners(signal, "abort")).toHaveLength(0);
  });

  it("ends a live stream whose source fails with the masked error", async () => {
    const { subscribe, logged } = setup(true);
    const { results, end } = await drain((await subscribe("subscription { broken { n } }")) as LiveStream);
    expect(results.map((r) => r.data)).toEqual([{ broken: { n: 1 } }]);
    expect((end as GraphQLError).message).toBe("Unexpected error.");
    expect(JSON.stringify(end)).not.toContain("internal detail");
    expect(logged).toHaveLength(1);
  });

  it("answers bad variables with BAD_USER_INPUT, as graphql's own subscribe does", async () => {
    const { subscribe } = setup(true);
    const result = (await subscribe("subscription T($u: Int!) { ticks(until: $u) { n } }", {})) as ExecutionResult;
    expect(result.errors?.map((e) => e.extensions["code"])).toEqual(["BAD_USER_INPUT"]);
    const graphqls = setup(false);
    const own = (await graphqls.subscribe(
      "subscription T($u: Int!) { ticks(until: $u) { n } }",
      {},
    )) as ExecutionResult;
    expect(own.errors?.map((e) => [e.message, e.extensions["code"]])).toEqual(
      result.errors?.map((e) => [e.message, e.extensions["code"]]),
    );
  });

  it("leaves a subscription not marked live to graphql's own stream", async () => {
    const { subscribe } = setup(false);
    const stream = await subscribe("subscription { ticks(until: 1) { n } }");
    expect(stream).not.toBeInstanceOf(LiveStream);
    const seen: unknown[] = [];
    for await (const result of stream as AsyncIterable<ExecutionResult>) seen.push(result.data);
    expect(seen).toEqual([{ ticks: { n: 1 } }]);
  });
});
