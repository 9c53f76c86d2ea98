/**
 * A reference for bench/overview-latency.ts: the least GraphQL server that answers the `Overview`
 * query from the legacy sandbox. graphql-yoga with its defaults but one, a schema of the query's
 * types only, and one resolver per backend call, each making its SOAP call with undici (one agent of 64
 * connections, as the gateway's default) and reading the reply with fast-xml-parser. No loader
 * (the Overview repeats no call), no policy, deadline, cost bound, ownership check, typed error,
 * metric, log or span: what the gateway adds to the same 39 calls beyond this is the price of those.
 * Each call is made as soon as the graph reaches its field, like the gateway's.
 * The one default turned off is yoga's request body limit (`maxRequestBodySize: false`), as the
 * gateway turns it off (it bounds bodies in its node server instead): that limit pipes every body
 * through a stream pipeline with an AbortController, which by itself let about 12 KB of each
 * request be promoted out of V8's young generation and cost a minimal yoga server more than half
 * its rate (bench/RESULTS.md, 2026-11-27). With it on, this reference measured the limit more than
 * the framework; until that date it was on.
 */
import { XMLParser } from "fast-xml-parser";
import { createSchema, createYoga } from "graphql-yoga";
import { Agent } from "undici";
import { listen } from "../../src/util/listen.js";
import { soapText } from "./legacy-soap.js";

type Row = Record<string, unknown>;

const typeDefs = /* GraphQL */ `
  type Query {
    clients: [Client!]!
  }
  type Client {
    id: ID!
    name: String!
    lists: [List!]!
    campaigns: [Campaign!]!
  }
  type List {
    id: ID!
    name: String!
    stats: ListStats!
    customFields: [CustomField!]!
  }
  type ListStats {
    totalActiveSubscribers: Int!
    totalUnsubscribes: Int!
    totalBounced: Int!
  }
  type CustomField {
    key: String!
    fieldName: String!
    dataType: String!
    options: [String!]!
  }
  type Campaign {
    id: ID!
    subject: String!
    sentDate: String!
    summary: CampaignSummary!
  }
  type CampaignSummary {
    recipients: Int!
    uniqueOpened: Int!
    clicks: Int!
    bounced: Int!
    unsubscribed: Int!
  }
`;

/** Array items of the replies the Overview reads. */
const ITEMS = new Set(["Client", "List", "Campaign", "ListCustomField", "string"]);

export async function startYogaOverview(legacyUrl: string): Promise<{ url: string; close(): Promise<void> }> {
  const agent = new Agent({ connections: 64 });
  const origin = new URL(legacyUrl).origin;
  const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false, isArray: (name) => ITEMS.has(name) });
  /** One SOAP call's result element. */
  const call = async (op: string, params: string): Promise<Row> => {
    const text = await soapText(agent, origin, op, params);
    const doc = parser.parse(text) as { Envelope: { Body: Record<string, Record<string, Row>> } };
    return doc.Envelope.Body[`${op}Response`]![`${op}Result`] ?? {};
  };
  const items = async (op: string, params: string, item: string): Promise<Row[]> =>
    ((await call(op, params))[item] as Row[] | undefined) ?? [];

  const yoga = createYoga({
    schema: createSchema({
      typeDefs,
      resolvers: {
        Query: {
          clients: async () =>
            (await items("User.GetClients", "", "Client")).map((c) => ({ id: c["ClientID"], name: c["Name"] })),
        },
        Client: {
          lists: async ({ id }: Row) =>
            (await items("Client.GetLists", `<ClientID>${String(id)}</ClientID>`, "List")).map((l) => ({
              id: l["ListID"],
              name: l["Name"],
            })),
          campaigns: async ({ id }: Row) =>
            (await items("Client.GetCampaigns", `<ClientID>${String(id)}</ClientID>`, "Campaign")).map((c) => ({
              id: c["CampaignID"],
              subject: c["Subject"],
              // The gateway's forms: an ISO local date-time, and enum names for the data types.
              sentDate: String(c["SentDate"]).replace(" ", "T"),
            })),
        },
        List: {
          stats: async ({ id }: Row) => {
            const s = await call("List.GetStats", `<ListID>${String(id)}</ListID>`);
            return {
              totalActiveSubscribers: Number(s["TotalActiveSubscribers"]),
              totalUnsubscribes: Number(s["TotalUnsubscribes"]),
              totalBounced: Number(s["TotalBounced"]),
            };
          },
          customFields: async ({ id }: Row) =>
            (await items("List.GetCustomFields", `<ListID>${String(id)}</ListID>`, "ListCustomField")).map((f) => ({
              key: f["Key"],
              fieldName: f["FieldName"],
              dataType: String(f["DataType"])
                .replace(/([a-z])([A-Z])/g, "$1_$2")
                .toUpperCase(),
              options: ((f["FieldOptions"] as Row | "" | undefined) || {})["string"] ?? [],
            })),
        },
        Campaign: {
          summary: async ({ id }: Row) => {
            const s = await call("Campaign.GetSummary", `<CampaignID>${String(id)}</CampaignID>`);
            return {
              recipients: Number(s["Recipients"]),
              uniqueOpened: Number(s["UniqueOpened"]),
              clicks: Number(s["Clicks"]),
              bounced: Number(s["Bounced"]),
              unsubscribed: Number(s["Unsubscribed"]),
            };
          },
        },
      },
    }),
    logging: false,
    maxRequestBodySize: false,
  });
  const server = await listen((req, res) => void yoga.requestListener(req, res));
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await agent.close();
    },
  };
}
