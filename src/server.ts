/**
 * The gateway's HTTP server: GraphQL (with GraphiQL) at /graphql and a health check at /health,
 * on node:http. The legacy client lives as long as the server; everything per request (API key,
 * loaders) is made in the context. Websocket subscriptions and webhook ingress attach here later.
 */
import { renderGraphiQL } from "@graphql-yoga/render-graphiql";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createYoga, type YogaServerInstance } from "graphql-yoga";
import { LegacyClient } from "./backends/legacy/client.js";
import type { Config } from "./config.js";
import { createContext, type GraphContext } from "./context.js";
import type { LegacyCaller } from "./loaders/legacy.js";
import { schema } from "./schema/index.js";
import { listen } from "./util/listen.js";

/** Where GraphQL is served. */
export const GRAPHQL_PATH = "/graphql";

/** The query GraphiQL opens with. */
export const OVERVIEW_QUERY = `query Overview {
  clients {
    id name
    lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }
            customFields { key fieldName dataType options } }
    campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }
  }
}
`;

/** A running gateway. */
export interface Gateway {
  /** Origin, e.g. http://127.0.0.1:4000 (GraphQL is at `${url}/graphql`). */
  readonly url: string;
  readonly port: number;
  /** The node:http server, for protocols that attach to it (websockets). */
  readonly server: Server;
  readonly yoga: YogaServerInstance<Record<string, never>, GraphContext>;
  close(): Promise<void>;
}

/** Backend clients to use instead of the ones built from the config. */
export interface GatewayOptions {
  legacyClient?: LegacyCaller;
}

function legacyClientFor(config: Config): LegacyClient {
  if (!config.legacy.url) throw new Error("config.legacy.url is not set: start the legacy sandbox or set LEGACY_URL");
  return new LegacyClient({
    url: config.legacy.url,
    transport: config.legacy.transport,
    namespace: config.legacy.namespace,
    apiKey: config.legacy.apiKey,
    limits: config.legacy.limits,
  });
}

/** Builds the yoga app of the graph (no server): for `createGateway` and for tests via `yoga.fetch`. */
export function createGraphQLApp(config: Config, legacyClient: LegacyCaller): YogaServerInstance<Record<string, never>, GraphContext> {
  return createYoga<Record<string, never>, GraphContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    landingPage: false,
    graphiql: { title: "mailgraph", defaultQuery: OVERVIEW_QUERY },
    // GraphiQL's scripts and styles are served inline rather than from a CDN, so the IDE also
    // works offline and behind firewalls that block third-party hosts.
    renderGraphiQL,
    context: ({ request }) => createContext({ legacyClient, legacy: config.legacy }, request),
    // Unexpected errors are masked to "Unexpected error."; ours are GraphQLErrors with safe messages.
    maskedErrors: true,
  });
}

/** Starts the gateway on config.host:config.port (0 picks a free port). */
export async function createGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const owned = options.legacyClient ? undefined : legacyClientFor(config);
  const legacyClient = options.legacyClient ?? owned!;
  const yoga = createGraphQLApp(config, legacyClient);

  const handler = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path === "/health") {
      res.writeHead(200, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify({ status: "ok" }));
      return;
    }
    void yoga.requestListener(req, res);
  };

  let server;
  try {
    server = await listen(handler, { port: config.port, host: config.host });
  } catch (error) {
    await owned?.close();
    throw error;
  }
  return {
    url: server.url,
    port: server.port,
    server: server.server,
    yoga,
    async close() {
      await server.close();
      await owned?.close();
    },
  };
}
