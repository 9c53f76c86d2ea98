/**
 * GraphiQL at /graphql: its example tabs, its renderer (with the login bar when the commerce
 * login is available) and the page the node server sends from memory (graphiql-page.ts).
 */
import type { GraphiQLOptions } from "graphql-yoga";
import { loginAvailable, withLoginBar } from "../auth/graphiql-login.js";
import type { Config } from "../config.js";
import { STORE_QUERY } from "../schema/commerce/examples.js";
import { LIST_FEED_QUERY, LIST_FEED_VARIABLES } from "../schema/events/examples.js";
import { PERSON_QUERY } from "../schema/people/examples.js";
import { cachedPage, lazyGraphiQL } from "./graphiql-page.js";

/**
 * The query GraphiQL opens with. Its comment says where the legacy key comes from in each mode:
 * after a store login in token mode it is the tab that cannot run (src/auth/graphiql-login.ts opens
 * the Store tab then).
 */
export const OVERVIEW_QUERY = `# The legacy account at a glance: clients, their lists
# (stats, custom fields) and campaigns.
# Legacy fields need a legacy key. Open mode: LEGACY_API_KEY
# or an X-Legacy-Api-Key header. AUTH_MODE=token: a gateway
# token carrying one (npm run token -- --legacy-api-key K),
# in Headers: {"Authorization": "Bearer <token>"}.
# A store login alone runs the Store tab.
# The clients come first; each one's lists and campaigns
# (two more waves of backend calls) follow, deferred.
query Overview {
  clients {
    id name
    ... @defer(label: "ClientDetails") {
      lists { id name stats { totalActiveSubscribers totalUnsubscribes totalBounced }
              customFields { key fieldName dataType options } }
      campaigns { id subject sentDate summary { recipients uniqueOpened clicks bounced unsubscribed } }
    }
  }
}
`;

/**
 * GraphiQL's options: one tab per example (the legacy account, the commerce store, one person
 * across both, and the live events of a list); it subscribes over websockets (graphql-ws, same
 * path). With PERSISTED_ONLY there is no introspection for GraphiQL to explore, and it sends
 * document texts: no page.
 */
export function graphiQLOptions(persistedOnly: boolean): GraphiQLOptions | false {
  if (persistedOnly) return false;
  return {
    title: "mailgraph",
    defaultQuery: OVERVIEW_QUERY,
    defaultTabs: [
      { query: OVERVIEW_QUERY },
      { query: STORE_QUERY },
      { query: PERSON_QUERY },
      { query: LIST_FEED_QUERY, variables: LIST_FEED_VARIABLES },
    ],
    subscriptionsProtocol: "WS",
  };
}

/**
 * GraphiQL's renderer. Its scripts and styles are inline rather than from a CDN, so the IDE also
 * works offline and behind firewalls that block third-party hosts. With the commerce login
 * available, the page gets a corner bar to log in and out (src/auth). The IDE itself is imported
 * on the page's first request (graphiql-page.ts).
 */
export function graphiQLRenderer(config: Config): (options?: GraphiQLOptions) => Promise<string> {
  return lazyGraphiQL(loginAvailable(config) ? withLoginBar : undefined);
}

/** The gateway's GraphiQL page, rendered and compressed once; undefined when there is none. */
export function graphiQLPage(config: Config, persistedOnly: boolean) {
  const options = graphiQLOptions(persistedOnly);
  if (options === false) return undefined;
  const render = graphiQLRenderer(config);
  return cachedPage(() => render(options));
}
