/**
 * Per-request credentials: each request's key is resolved once (the X-Legacy-Api-Key header, else
 * LEGACY_API_KEY; a blank header counts as none) and every backend call of that request carries
 * it, so two callers with two accounts never see each other's data, even when their requests
 * run at the same time. The backend is two sandboxes behind a router that dispatches on ApiKey.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { startLegacySandbox, type LegacySandbox } from "../../src/sandbox/legacy/index.js";
import type { Gateway } from "../../src/server.js";
import { graphql } from "../gql/index.js";
import { asType, postGraphQL } from "../support/graphql-http.js";
import { startKeyRouter, type KeyRouter } from "./support/key-router.js";
import { startGateway } from "../support/stack.js";

const KEY_A = "account-a-key-5d1e";
const KEY_B = "account-b-key-9c07";

const ClientsAndLists = graphql(`
  query CredentialsClientsAndLists {
    clients {
      name
      lists {
        name
      }
    }
  }
`);

const CreateClient = graphql(`
  mutation CredentialsCreateClient($input: CreateClientInput!) {
    createClient(input: $input) {
      __typename
      ... on CreateClientSuccess {
        clientId
        client {
          name
        }
      }
    }
  }
`);

let accountA: LegacySandbox;
let accountB: LegacySandbox;
let router: KeyRouter;
let gateway: Gateway;
beforeAll(async () => {
  accountA = await startLegacySandbox({ apiKey: KEY_A });
  // Account B starts empty and gets one client of its own, through the gateway with its key.
  accountB = await startLegacySandbox({ apiKey: KEY_B, seed: false });
  router = await startKeyRouter({ [KEY_A]: accountA.url, [KEY_B]: accountB.url }, accountA.url);
  gateway = await startGateway(router.url, { LEGACY_API_KEY: KEY_A });
  const created = await postGraphQL(
    gateway.url,
    CreateClient,
    {
      input: {
        companyName: "Beta Bakery",
        contactName: "Bea",
        emailAddress: "bea@beta.example.com",
        country: "Australia",
        timeZone: "(GMT+10:00) Brisbane",
      },
    },
    { "x-legacy-api-key": KEY_B },
  );
  expect(asType(created.data!.createClient, "CreateClientSuccess").client).toEqual({ name: "Beta Bakery" });
});
afterAll(async () => {
  await gateway.close();
  await router.close();
  await accountB.close();
  await accountA.close();
});

const demoClientNames = [
  "Northwind Traders",
  "Contoso Pharmacy",
  "Fabrikam Outdoor",
  "Tailspin Toys",
  "Wingtip Travel",
];

describe("two callers with two accounts", () => {
  it("each get their own account's data from concurrent requests, every call sent with their own key", async () => {
    accountA.calls.reset();
    accountB.calls.reset();
    router.reset();
    const asB = { "x-legacy-api-key": KEY_B };
    const asA = { "x-legacy-api-key": ` ${KEY_A} ` };
    const callers = [asB, {}, asA, asB, { "x-legacy-api-key": "   " }, asB];
    const responses = await Promise.all(
      callers.map((headers) => postGraphQL(gateway.url, ClientsAndLists, undefined, headers)),
    );

    responses.forEach((res, i) => {
      expect(res.errors, `caller ${i}`).toEqual([]);
      const names = res.data!.clients!.map((c) => c.name);
      if (callers[i] === asB) expect(names, `caller ${i}`).toEqual(["Beta Bakery"]);
      else expect(names, `caller ${i}`).toEqual(demoClientNames);
    });

    // B: User.GetClients + one Client.GetLists per request; A: User.GetClients + five Client.GetLists.
    const bRequests = callers.filter((h) => h === asB).length;
    const aRequests = callers.length - bRequests;
    expect(accountB.calls.total()).toBe(2 * bRequests);
    expect(accountA.calls.total()).toBe((1 + Object.keys(DEMO.clients).length) * aRequests);
    expect(router.requestsWith(KEY_B)).toBe(accountB.calls.total());
    expect(router.requestsWith(KEY_A)).toBe(accountA.calls.total());
  });

  it("a write with one caller's key changes that caller's account only", async () => {
    const [a, b] = await Promise.all([
      postGraphQL(gateway.url, ClientsAndLists),
      postGraphQL(gateway.url, ClientsAndLists, undefined, { "x-legacy-api-key": KEY_B }),
    ]);
    expect(a.data!.clients!.map((c) => c.name)).not.toContain("Beta Bakery");
    expect(b.data!.clients).toEqual([{ name: "Beta Bakery", lists: [] }]);
  });

  it("a key one account does not know is UNAUTHENTICATED for its caller only", async () => {
    const [stranger, a] = await Promise.all([
      postGraphQL(gateway.url, ClientsAndLists, undefined, { "x-legacy-api-key": "nobody-s-key" }),
      postGraphQL(gateway.url, ClientsAndLists),
    ]);
    expect(stranger.data).toEqual({ clients: null });
    expect(stranger.errors.map((e) => e.extensions?.code)).toEqual(["UNAUTHENTICATED"]);
    expect(JSON.stringify(stranger)).not.toContain("nobody-s-key");
    expect(a.data!.clients!.map((c) => c.name)).toEqual(demoClientNames);
  });
});
