/**
 * The baseline of the `{ clients { id name } }` throughput figure: a bare node:http server that,
 * for every POST, reads the body, makes the same User.GetClients SOAP call the gateway makes
 * (undici, keep-alive), parses the reply with fast-xml-parser and answers the clients' ids and
 * names as JSON, with none of the gateway's GraphQL, checks or error handling. What the gateway
 * costs beyond this is its own overhead.
 */
import { XMLParser } from "fast-xml-parser";
import { Agent } from "undici";
import { DEFAULT_LEGACY_NAMESPACE, operation } from "../../src/backends/legacy/catalog.js";
import { soapEnvelope } from "../../src/backends/legacy/codec.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { listen } from "../../src/util/listen.js";

/** The SOAP request body of User.GetClients with the demo key, as the gateway sends it. */
export function getClientsEnvelope(apiKey: string = DEMO.apiKey): string {
  return soapEnvelope(operation("User.GetClients"), [{ name: "ApiKey", value: apiKey }], DEFAULT_LEGACY_NAMESPACE);
}

/** The SOAP request body of Subscribers.GetActive for one list, from the start of time. */
export function getActiveEnvelope(listId: string, apiKey: string = DEMO.apiKey): string {
  return soapEnvelope(
    operation("Subscribers.GetActive"),
    [
      { name: "ApiKey", value: apiKey },
      { name: "ListID", value: listId },
      { name: "Date", value: "1900-01-01 00:00:00" },
    ],
    DEFAULT_LEGACY_NAMESPACE,
  );
}

type Node = Record<string, unknown>;
const first = (node: unknown): unknown => (node && typeof node === "object" ? Object.values(node)[0] : undefined);

/** The clients of a User.GetClients SOAP reply, as `{ id, name }`. */
export function clientsOf(doc: Node): { id: string; name: string }[] {
  const envelope = doc["Envelope"] as Node;
  const result = first(first(envelope["Body"]));
  const raw = (result as Node | undefined)?.["Client"];
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return list.map((c: Node) => ({ id: String(c["ClientID"]), name: String(c["Name"]) }));
}

export async function startBareClientsServer(legacyUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const origin = new URL(legacyUrl).origin;
  const agent = new Agent({ connections: 16, pipelining: 1 });
  const parser = new XMLParser({ removeNSPrefix: true });
  const body = getClientsEnvelope();
  const headers = {
    "content-type": "text/xml; charset=utf-8",
    soapaction: `"${DEFAULT_LEGACY_NAMESPACE}User.GetClients"`,
  };
  const server = await listen((req, res) => {
    req.resume();
    req.once("end", () => {
      void (async () => {
        try {
          const reply = await agent.request({ origin, path: "/api/api.asmx", method: "POST", headers, body });
          const xml = await reply.body.text();
          const clients = clientsOf(parser.parse(xml) as Node);
          res.writeHead(200, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify({ data: { clients } }));
        } catch (error) {
          res.writeHead(502, { "content-type": "application/json; charset=utf-8" });
          res.end(JSON.stringify({ errors: [{ message: String(error) }] }));
        }
      })();
    });
  });
  return {
    url: server.url,
    async close() {
      await server.close();
      await agent.close();
    },
  };
}
