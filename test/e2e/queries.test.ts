/** Every query field of the legacy graph against the demo data, over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { must } from "../support/must.js";
import { errorCodesByPath } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { callCounts, startStack, type Stack } from "../support/stack.js";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const ClientDetail = graphql(`
  query ClientDetail($id: ID!) {
    client(id: $id) {
      id
      clientId
      name
      basicDetails {
        companyName
        contactName
        emailAddress
        country
        timeZone
        utcOffsetMinutes
      }
      accessAndBilling {
        accessLevel
        permissions
        username
        billingType
        currency
        deliveryFee
        costPerRecipient
        designAndSpamTestFee
      }
      segments {
        id
        name
        listId
        list {
          id
          name
        }
      }
      templates {
        id
        templateId
        name
        previewUrl
        screenshotUrl
      }
    }
  }
`);

describe("clients", () => {
  it("gives a client's basic details, access and billing", async () => {
    const { data, errors } = await stack.gql(ClientDetail, { id: demo.northwind });
    expect(errors).toEqual([]);
    const client = data!.client!;
    expect(client).toMatchObject({ id: demo.northwind, clientId: DEMO.clients.northwind, name: "Northwind Traders" });
    expect(client.basicDetails).toEqual({
      companyName: "Northwind Traders",
      contactName: "Nancy Davolio",
      emailAddress: "nancy@northwind.example.com",
      country: "Australia",
      timeZone: "(GMT+10:00) Canberra, Melbourne, Sydney",
      utcOffsetMinutes: 600,
    });
    expect(client.accessAndBilling).toEqual({
      accessLevel: "LEVEL_63",
      permissions: [
        "REPORTS",
        "SUBSCRIBER_MANAGEMENT",
        "CREATE_SEND_CAMPAIGNS",
        "CAMPAIGN_IMPORTS",
        "SUBSCRIBER_IMPORTS",
        "DESIGN_AND_SPAM_TESTS",
      ],
      username: "northwind",
      billingType: "CLIENT_PAYS_WITH_MARKUP",
      currency: "AUD",
      deliveryFee: "9",
      costPerRecipient: "2",
      designAndSpamTestFee: "8",
    });
  });

  it("shows blank billing and login as null", async () => {
    const wingtip = (await stack.gql(ClientDetail, { id: gid.client(DEMO.clients.wingtip) })).data!.client!;
    expect(wingtip.accessAndBilling).toMatchObject({
      accessLevel: "LEVEL_0",
      permissions: [],
      username: null,
      billingType: null,
      currency: null,
    });
    const fabrikam = (await stack.gql(ClientDetail, { id: gid.client(DEMO.clients.fabrikam) })).data!.client!;
    expect(fabrikam.accessAndBilling).toMatchObject({
      billingType: "USER_PAYS_ON_CLIENTS_BEHALF",
      currency: null,
      deliveryFee: null,
    });
  });

  it("lists a client's segments with their lists, and its templates", async () => {
    const client = (await stack.gql(ClientDetail, { id: demo.northwind })).data!.client!;
    expect(client.segments!.length).toBeGreaterThan(0);
    for (const segment of client.segments!)
      expect(segment.list?.id).toBe(gid.list(DEMO.clients.northwind, segment.listId));
    const newsletter = client.templates!.find((t) => t.templateId === DEMO.templates.newsletter)!;
    expect(newsletter.id).toBe(gid.template(DEMO.templates.newsletter));
    expect(newsletter.previewUrl).toMatch(/^http:\/\//);
  });

  it("reads each collection once however often it is asked for", async () => {
    stack.legacy.calls.reset();
    const { errors } = await stack.gql(ClientDetail, { id: demo.northwind });
    expect(errors).toEqual([]);
    // client → User.GetClients; details + billing → one Client.GetDetail; segment lists → one Client.GetLists.
    expect(callCounts(stack.legacy)).toEqual({
      "User.GetClients": 1,
      "Client.GetDetail": 1,
      "Client.GetSegments": 1,
      "Client.GetLists": 1,
      "Client.GetTemplates": 1,
    });
  });
});

const ListDetail = graphql(`
  query ListDetail($id: ID!, $first: Int, $after: String) {
    list(id: $id) {
      id
      listId
      name
      client {
        id
        name
      }
      stats {
        totalActiveSubscribers
        totalUnsubscribes
        totalDeleted
        totalBounced
        newActiveSubscribers {
          today
          yesterday
          thisWeek
          thisMonth
          thisYear
        }
        unsubscribes {
          thisYear
        }
        deleted {
          thisYear
        }
        bounced {
          thisYear
        }
      }
      customFields {
        key
        fieldName
        dataType
        options
      }
      activeSubscribers(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
          startCursor
          endCursor
        }
        edges {
          cursor
          node {
            id
            email
            name
            date
            state
            customFields {
              key
              value
            }
            list {
              id
            }
          }
        }
      }
    }
  }
`);

const SubscribersSince = graphql(`
  query SubscribersSince($id: ID!, $since: LocalDateTime, $last: Int, $before: String) {
    list(id: $id) {
      activeSubscribers(since: $since, last: $last, before: $before) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
        }
        edges {
          node {
            email
            date
          }
        }
      }
    }
  }
`);

const OneSubscriber = graphql(`
  query OneSubscriber($id: ID!, $email: String!) {
    list(id: $id) {
      subscriber(email: $email) {
        id
        email
        state
        name
      }
    }
  }
`);

describe("lists", () => {
  it("gives a list with its client, statistics and custom fields", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(ListDetail, { id: demo.newsletter, first: 5 });
    expect(errors).toEqual([]);
    // The list and every subscriber's `list` come from one Client.GetLists; its client from User.GetClients.
    expect(callCounts(stack.legacy)).toEqual({
      "Client.GetLists": 1,
      "User.GetClients": 1,
      "List.GetStats": 1,
      "List.GetCustomFields": 1,
      "Subscribers.GetActive": 1,
    });
    const list = data!.list!;
    expect(list).toMatchObject({ id: demo.newsletter, listId: DEMO.lists.newsletter, name: "Newsletter" });
    expect(list.client).toEqual({ id: demo.northwind, name: "Northwind Traders" });
    expect(list.stats!.totalActiveSubscribers).toBe(list.activeSubscribers!.totalCount);
    expect(list.stats!.newActiveSubscribers.thisYear).toBeGreaterThanOrEqual(
      list.stats!.newActiveSubscribers.thisMonth!,
    );
    expect(list.customFields!.map((f) => f.key)).toEqual(
      expect.arrayContaining([DEMO.fields.city, DEMO.fields.interests]),
    );
  });

  const listPage = (after: string | null) => stack.gql(ListDetail, { id: demo.newsletter, first: 25, after });

  it("pages through every active subscriber in email order, each once", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    for (let page = 0; page < 20; page += 1) {
      const res: Awaited<ReturnType<typeof listPage>> = await listPage(after);
      const connection = res.data!.list!.activeSubscribers!;
      total = connection.totalCount;
      seen.push(...connection.edges.map((e) => e.node.email.toLowerCase()));
      expect(connection.pageInfo.hasPreviousPage).toBe(page > 0);
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect([...seen].sort()).toEqual(seen);
  });

  it("gives subscribers with state, date and custom field values", async () => {
    const { data } = await stack.gql(ListDetail, { id: demo.newsletter, first: 200 });
    const nodes = data!.list!.activeSubscribers!.edges.map((e) => e.node);
    expect(nodes.every((n) => n.state === "ACTIVE")).toBe(true);
    expect(nodes.every((n) => n.list?.id === demo.newsletter)).toBe(true);
    expect(nodes.every((n) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(n.date ?? ""))).toBe(true);
    const ada = nodes.find((n) => n.email === DEMO.emails.active)!;
    expect(ada.id).toBe(gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.active));
    expect(nodes.some((n) => n.customFields.length > 0)).toBe(true);
  });

  it("gives only subscribers added after `since`, and pages backwards with last/before", async () => {
    const all = (await stack.gql(SubscribersSince, { id: demo.newsletter })).data!.list!.activeSubscribers!;
    const dates = (await stack.gql(ListDetail, { id: demo.newsletter, first: 500 }))
      .data!.list!.activeSubscribers!.edges.map((e) => e.node.date!)
      .sort();
    const since = must(dates[Math.floor(dates.length / 2)], "a subscriber date");
    const later = (await stack.gql(SubscribersSince, { id: demo.newsletter, since })).data!.list!.activeSubscribers!;
    expect(later.totalCount).toBe(dates.filter((d) => d > since).length);
    expect(later.totalCount).toBeLessThan(all.totalCount);
    expect(later.edges.every((e) => e.node.date! > since)).toBe(true);

    const tail = (await stack.gql(SubscribersSince, { id: demo.newsletter, last: 3 })).data!.list!.activeSubscribers!;
    expect(tail.edges).toHaveLength(3);
    expect(tail.pageInfo).toEqual({ hasNextPage: false, hasPreviousPage: true });
  });

  it("finds one active subscriber by email in any case, and null for anyone else", async () => {
    const found = await stack.gql(OneSubscriber, { id: demo.newsletter, email: DEMO.emails.active.toUpperCase() });
    expect(found.data!.list!.subscriber).toMatchObject({ email: DEMO.emails.active, state: "ACTIVE" });
    const gone = await stack.gql(OneSubscriber, { id: demo.newsletter, email: DEMO.emails.unsubscribed });
    expect(gone.errors).toEqual([]);
    expect(gone.data!.list!.subscriber).toBeNull();
    const blank = await stack.gql(OneSubscriber, { id: demo.newsletter, email: "  " });
    expect(blank.errors).toEqual([]);
    expect(blank.data!.list!.subscriber).toBeNull();
  });
});

const CampaignDetail = graphql(`
  query CampaignDetail($id: ID!) {
    campaign(id: $id) {
      id
      campaignId
      subject
      name
      sentDate
      totalRecipients
      client {
        id
      }
      summary {
        recipients
        totalOpened
        uniqueOpened
        clicks
        unsubscribed
        bounced
      }
      lists {
        id
        name
      }
      bounces(first: 500) {
        totalCount
        edges {
          node {
            email
            listId
            bounceType
            list {
              id
            }
          }
        }
      }
      opens(first: 500) {
        totalCount
        edges {
          node {
            email
            listId
            numberOfOpens
          }
        }
      }
      unsubscribes(first: 500) {
        totalCount
        edges {
          node {
            email
            listId
            list {
              name
            }
          }
        }
      }
    }
  }
`);

describe("campaigns", () => {
  it("gives a sent campaign with summary, lists and per-subscriber records", async () => {
    const id = gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent);
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(CampaignDetail, { id });
    expect(errors).toEqual([]);
    // The campaign is found in Client.GetCampaigns, its client in User.GetClients; every record's
    // `list` shares one Client.GetLists.
    expect(callCounts(stack.legacy)).toEqual({
      "Client.GetCampaigns": 1,
      "User.GetClients": 1,
      "Client.GetLists": 1,
      "Campaign.GetSummary": 1,
      "Campaign.GetLists": 1,
      "Campaign.GetBounces": 1,
      "Campaign.GetOpens": 1,
      "Campaign.GetUnsubscribes": 1,
    });
    const campaign = data!.campaign!;
    expect(campaign).toMatchObject({ id, campaignId: DEMO.campaigns.sent, client: { id: demo.northwind } });
    expect(campaign.summary!.recipients).toBe(campaign.totalRecipients);
    expect(campaign.lists!.map((l) => l.id)).toContain(demo.newsletter);
    expect(campaign.bounces!.totalCount).toBe(campaign.summary!.bounced);
    expect(new Set(campaign.bounces!.edges.map((e) => e.node.bounceType))).toEqual(new Set(["HARD", "SOFT"]));
    expect(
      campaign.bounces!.edges.every((e) => e.node.list?.id === gid.list(DEMO.clients.northwind, e.node.listId)),
    ).toBe(true);
    expect(campaign.opens!.totalCount).toBe(campaign.summary!.uniqueOpened);
    expect(campaign.opens!.edges.reduce((n, e) => n + e.node.numberOfOpens!, 0)).toBe(campaign.summary!.totalOpened);
    expect(campaign.unsubscribes!.totalCount).toBe(campaign.summary!.unsubscribed);
  });
});

const CampaignRecordsPage = graphql(`
  query CampaignRecordsPage($id: ID!, $first: Int!, $bounces: String, $opens: String, $unsubscribes: String) {
    campaign(id: $id) {
      bounces(first: $first, after: $bounces) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
          endCursor
        }
        edges {
          cursor
          node {
            email
            listId
          }
        }
      }
      opens(first: $first, after: $opens) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
          endCursor
        }
        edges {
          cursor
          node {
            email
            listId
            list {
              id
            }
          }
        }
      }
      unsubscribes(first: $first, after: $unsubscribes) {
        totalCount
        pageInfo {
          hasNextPage
          hasPreviousPage
          endCursor
        }
        edges {
          cursor
          node {
            email
            listId
          }
        }
      }
    }
  }
`);

describe("campaign report connections", () => {
  type Records = NonNullable<NonNullable<Awaited<ReturnType<typeof page>>["data"]>["campaign"]>;
  type Kind = "bounces" | "opens" | "unsubscribes";
  const id = gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent);
  const page = (after: Partial<Record<Kind, string | null>>) =>
    stack.gql(CampaignRecordsPage, { id, first: 2, ...after });

  it.each<Kind>(["bounces", "opens", "unsubscribes"])(
    "%s page with first/after through every record once, by email then list",
    async (kind) => {
      const all = (await stack.gql(CampaignDetail, { id })).data!.campaign![kind]!;
      const expected = all.edges.map((e) => `${e.node.email.toLowerCase()} ${e.node.listId}`).sort();
      expect(expected.length).toBeGreaterThan(2);

      const seen: string[] = [];
      const cursors = new Set<string>();
      let after: string | null = null;
      for (let n = 0; n <= expected.length; n += 1) {
        const res: Awaited<ReturnType<typeof page>> = await page({ [kind]: after });
        expect(res.errors).toEqual([]);
        const connection = (res.data!.campaign as Records)[kind]!;
        expect(connection.totalCount).toBe(expected.length);
        expect(connection.pageInfo.hasPreviousPage).toBe(n > 0);
        expect(connection.edges.length).toBeLessThanOrEqual(2);
        for (const edge of connection.edges) {
          cursors.add(edge.cursor);
          seen.push(`${edge.node.email.toLowerCase()} ${edge.node.listId}`);
        }
        if (!connection.pageInfo.hasNextPage) break;
        after = connection.pageInfo.endCursor;
      }
      expect(seen).toEqual(expected);
      expect(cursors.size).toBe(expected.length);
    },
  );

  it("opens name the list each was sent through", async () => {
    const opens = (await page({})).data!.campaign!.opens!;
    expect(opens.edges.every((e) => e.node.list?.id === gid.list(DEMO.clients.northwind, e.node.listId))).toBe(true);
  });
});

const TemplateDetail = graphql(`
  query TemplateDetail($id: ID!) {
    template(id: $id) {
      id
      templateId
      name
      previewUrl
      screenshotUrl
    }
  }
`);

describe("templates", () => {
  it("gives one template", async () => {
    const id = gid.template(DEMO.templates.newsletter);
    const { data, errors } = await stack.gql(TemplateDetail, { id });
    expect(errors).toEqual([]);
    expect(data!.template).toMatchObject({ id, templateId: DEMO.templates.newsletter });
    expect(data!.template!.name.length).toBeGreaterThan(0);
  });
});

const Nodes = graphql(`
  query Nodes($ids: [ID!]!) {
    nodes(ids: $ids) {
      __typename
      id
      ... on Client {
        name
      }
      ... on List {
        name
      }
      ... on Segment {
        name
      }
      ... on Campaign {
        subject
      }
      ... on Subscriber {
        email
      }
      ... on Template {
        templateId
      }
    }
  }
`);

const OneNode = graphql(`
  query OneNode($id: ID!) {
    node(id: $id) {
      __typename
      id
    }
  }
`);

describe("node and nodes", () => {
  it("refetch every kind of record by its global id", async () => {
    const client = (await stack.gql(ClientDetail, { id: demo.northwind })).data!.client!;
    const segment = must(client.segments![0], "a Northwind segment");
    const ids = [
      demo.northwind,
      demo.newsletter,
      segment.id,
      gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent),
      gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.active),
      gid.template(DEMO.templates.newsletter),
    ];
    const { data, errors } = await stack.gql(Nodes, { ids });
    expect(errors).toEqual([]);
    expect(data!.nodes.map((n) => n?.__typename)).toEqual([
      "Client",
      "List",
      "LegacySegment",
      "Campaign",
      "Subscriber",
      "Template",
    ]);
    expect(data!.nodes.map((n) => n?.id)).toEqual(ids);
    expect(data!.nodes[1]).toMatchObject({ name: "Newsletter" });
    expect(data!.nodes[2]).toMatchObject({ name: segment.name });
    expect(data!.nodes[4]).toMatchObject({ email: DEMO.emails.active });
  });

  it("load the subscribers asked for in one request from one Subscribers.GetActive per list (and the client's lists once)", async () => {
    stack.legacy.calls.reset();
    const ids = [DEMO.emails.active, DEMO.emails.activeNonAscii, "nobody@example.com"].map((email) =>
      gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, email),
    );
    const { data, errors } = await stack.gql(Nodes, { ids });
    expect(data!.nodes.map((n) => (n && "email" in n ? n.email : null))).toEqual([
      DEMO.emails.active,
      DEMO.emails.activeNonAscii,
      null,
    ]);
    // The null entry carries the error the field promises.
    expect(errorCodesByPath(errors)).toEqual({ "nodes.2": "NOT_FOUND" });
    // The client's lists check that the list in each id is that client's.
    expect(callCounts(stack.legacy)).toEqual({ "Subscribers.GetActive": 1, "Client.GetLists": 1 });
  });

  it("null only the entries that fail, each with its own error, and answer the rest", async () => {
    const ids = [
      demo.northwind,
      gid.client("19999"),
      "not-a-global-id!",
      gid.list(DEMO.clients.northwind, "29999"),
      gid.segment(DEMO.clients.northwind, DEMO.lists.newsletter, "No such segment"),
      gid.campaign(DEMO.clients.northwind, DEMO.campaigns.unknown),
      gid.template("no-such-template"),
      // Not active: null with NOT_FOUND at its index, like every other null entry.
      gid.subscriber(DEMO.clients.northwind, DEMO.lists.newsletter, DEMO.emails.unsubscribed),
      demo.newsletter,
    ];
    const { status, data, errors } = await stack.gql(Nodes, { ids });
    expect(status).toBe(200);
    expect(data!.nodes.map((n) => n?.__typename ?? null)).toEqual([
      "Client",
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      "List",
    ]);
    expect(errorCodesByPath(errors)).toEqual({
      "nodes.1": "NOT_FOUND",
      "nodes.2": "BAD_USER_INPUT",
      "nodes.3": "NOT_FOUND",
      "nodes.4": "NOT_FOUND",
      "nodes.5": "NOT_FOUND",
      "nodes.6": "NOT_FOUND",
      "nodes.7": "NOT_FOUND",
    });
  });

  it("answer a record that is gone with null and NOT_FOUND on `node`", async () => {
    for (const id of [
      gid.client("19999"),
      gid.list("19999", DEMO.lists.newsletter),
      gid.segment(DEMO.clients.northwind, DEMO.lists.newsletter, "No such segment"),
      gid.campaign(DEMO.clients.northwind, DEMO.campaigns.unknown),
      gid.template("no-such-template"),
    ]) {
      const { data, errors } = await stack.gql(OneNode, { id });
      expect(data, id).toEqual({ node: null });
      expect(errorCodesByPath(errors), id).toEqual({ node: "NOT_FOUND" });
    }
  });

  it("answers a malformed id with BAD_USER_INPUT", async () => {
    const { data, errors } = await stack.gql(OneNode, { id: "not-a-global-id!" });
    expect(data?.node ?? null).toBeNull();
    expect(errors.map((e) => e.extensions?.code)).toEqual(["BAD_USER_INPUT"]);
  });
});

const Lookups = graphql(`
  query Lookups($client: ID!, $list: ID!, $campaign: ID!, $template: ID!) {
    client(id: $client) {
      id
    }
    list(id: $list) {
      id
    }
    campaign(id: $campaign) {
      id
    }
    template(id: $template) {
      id
    }
  }
`);

describe("records that do not exist", () => {
  it("are null with a NOT_FOUND error on their own field", async () => {
    const { status, data, errors } = await stack.gql(Lookups, {
      client: gid.client("19999"),
      list: gid.list(DEMO.clients.northwind, "29999"),
      campaign: gid.campaign(DEMO.clients.northwind, DEMO.campaigns.unknown),
      template: gid.template("no-such-template"),
    });
    expect(status).toBe(200);
    expect(data).toEqual({ client: null, list: null, campaign: null, template: null });
    expect(errorCodesByPath(errors)).toEqual({
      client: "NOT_FOUND",
      list: "NOT_FOUND",
      campaign: "NOT_FOUND",
      template: "NOT_FOUND",
    });
  });

  it("a list of an unknown client is NOT_FOUND too (code 102 on the read)", async () => {
    const { data, errors } = await stack.gql(Lookups, {
      client: demo.northwind,
      list: gid.list("19999", DEMO.lists.newsletter),
      campaign: gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent),
      template: gid.template(DEMO.templates.newsletter),
    });
    expect(data).toMatchObject({ client: { id: demo.northwind }, list: null });
    expect(errorCodesByPath(errors)).toEqual({ list: "NOT_FOUND" });
    expect(errors[0]?.extensions).toMatchObject({ legacyCode: 102, operation: "Client.GetLists" });
  });

  it("an id of the wrong type is BAD_USER_INPUT", async () => {
    const { data, errors } = await stack.gql(Lookups, {
      client: demo.newsletter,
      list: demo.newsletter,
      campaign: gid.campaign(DEMO.clients.northwind, DEMO.campaigns.sent),
      template: gid.template(DEMO.templates.newsletter),
    });
    expect(data).toMatchObject({ client: null, list: { id: demo.newsletter } });
    expect(errorCodesByPath(errors)).toEqual({ client: "BAD_USER_INPUT" });
  });
});
