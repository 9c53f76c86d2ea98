/**
 * The gateway's public entry (main.ts, tests, benchmarks): the composition root (server/compose.ts),
 * the GraphQL app (server/graphql-app.ts), GraphiQL's overview query and the server's fixed
 * headers and timeouts. The route table is server/routes.ts; websockets are src/websocket/.
 */
export {
  CLIENT_HEADERS_TIMEOUT_MS,
  CLIENT_REQUEST_TIMEOUT_MS,
  createGateway,
  type Gateway,
  type GatewayOptions,
} from "./server/compose.js";
export { OVERVIEW_QUERY } from "./server/graphiql.js";
export { createGraphQLApp, GRAPHQL_PATH, type GraphClients, type NodeContext } from "./server/graphql-app.js";
export { FRAMING_AND_SNIFFING_HEADERS } from "./server/routes.js";
