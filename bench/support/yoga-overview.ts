/**
 * The least GraphQL server answering the `Overview` from the legacy sandbox, a reference for the
 * figures: graphql-yoga, a schema of the query's types, one resolver per SOAP call (undici, one agent
 * of 64 connections as the gateway's default; fast-xml-parser). No loader, policy, check, typed error,
 * metric, log or span: what the gateway adds beyond this is the price of those.
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
    // Off as the gateway has it off (it bounds bodies in its node server): the limit's stream
    // pipeline alone would make this reference measure the limit more than the framework.
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
