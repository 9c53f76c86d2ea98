/**
 * The servers bench/profiling/floors.ts compares the gateway with, each answering `{ clients { id name } }`
 * with the same two clients and none calling a backend:
 * - `gateway-stubbed`: the gateway as configured from the environment, its legacy client replaced
 *   by an in-process stub that answers User.GetClients at once (everything but the backend call);
 * - `yoga-minimal`: graphql-yoga with yoga's defaults and a two-type schema, resolving from memory;
 * - `json-minimal`: node:http reading the body, parsing it as JSON and answering the JSON.
 */
import type { RequestListener } from "node:http";
import { createSchema, createYoga } from "graphql-yoga";
import { loadConfig } from "../../src/config.js";
import type { LegacyCaller } from "../../src/domain/legacy/loaders.js";
import { createGateway } from "../../src/server.js";
import { listen } from "../../src/util/listen.js";

const CLIENTS = [
  { ClientID: "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6", Name: "Acme Widgets" },
  { ClientID: "d4e5f6a7b8c9d0e1f2a3b4c5d6a1b2c3", Name: "Blue Sky Travel" },
];

export type FloorRole = "gateway-stubbed" | "yoga-minimal" | "json-minimal";

export async function startFloorServer(role: FloorRole): Promise<{ url: string; close(): Promise<void> }> {
  if (role === "gateway-stubbed") {
    // Copies, as the real client hands out freshly decoded values on every call.
    const stub = { call: () => Promise.resolve(CLIENTS.map((client) => ({ ...client }))) } as unknown as LegacyCaller;
    return createGateway(loadConfig({ ...process.env, HOST: "127.0.0.1", PORT: "0" }), {
      log: () => {},
      legacyClient: stub,
    });
  }
  const clients = () => CLIENTS.map((client) => ({ id: client.ClientID, name: client.Name }));
  const yoga =
    role === "yoga-minimal"
      ? createYoga({
          schema: createSchema({
            typeDefs: "type Client { id: ID! name: String! } type Query { clients: [Client!]! }",
            resolvers: { Query: { clients: () => Promise.resolve(clients()) } },
          }),
          logging: false,
        })
      : undefined;
  const listener: RequestListener = yoga
    ? (req, res) => void yoga.requestListener(req, res)
    : (req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (chunk: Buffer) => chunks.push(chunk));
        req.on("end", () => {
          JSON.parse(Buffer.concat(chunks).toString("utf8"));
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify({ data: { clients: clients() } }));
        });
      };
  return listen(listener);
}
