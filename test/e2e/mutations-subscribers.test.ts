/** addSubscriber and unsubscribe against the sandbox: successes and every outcome it can produce. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { asType } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { callCounts, startStack, type Stack } from "../support/stack.js";

const AddSubscriber = graphql(`
  mutation AddSubscriber($input: AddSubscriberInput!) {
    addSubscriber(input: $input) {
      __typename
      ... on AddSubscriberSuccess {
        email
        resubscribe
        list {
          id
          stats {
            totalActiveSubscribers
          }
        }
        subscriber {
          email
          name
          state
          customFields {
            key
            value
          }
        }
      }
      ... on LegacyError {
        code
        reason
        message
        operation
      }
      ... on InputError {
        field
        rule
        message
      }
    }
  }
`);

const AddTwice = graphql(`
  mutation AddTwice($first: AddSubscriberInput!, $second: AddSubscriberInput!) {
    first: addSubscriber(input: $first) {
      __typename
      ... on AddSubscriberSuccess {
        list {
          stats {
            totalActiveSubscribers
          }
        }
      }
    }
    second: addSubscriber(input: $second) {
      __typename
      ... on AddSubscriberSuccess {
        list {
          stats {
            totalActiveSubscribers
          }
        }
      }
    }
  }
`);

const Unsubscribe = graphql(`
  mutation Unsubscribe($input: UnsubscribeInput!) {
    unsubscribe(input: $input) {
      __typename
      ... on UnsubscribeSuccess {
        email
        list {
          id
        }
      }
      ... on LegacyError {
        code
        reason
        operation
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

describe("addSubscriber", () => {
  it("adds a subscriber with custom field values and answers the list as it is now", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(AddSubscriber, {
      input: {
        listId: demo.newsletter,
        email: "new.reader@example.com",
        name: "New Reader",
        customFields: [
          { key: DEMO.fields.city, value: "Hobart" },
          { key: DEMO.fields.interests, value: "Hiking" },
          { key: DEMO.fields.interests, value: "Music" },
        ],
      },
    });
    expect(errors).toEqual([]);
    const payload = asType(data!.addSubscriber, "AddSubscriberSuccess");
    expect(payload).toMatchObject({
      email: "new.reader@example.com",
      resubscribe: false,
      list: { id: demo.newsletter },
    });
    expect(payload.subscriber).toMatchObject({ email: "new.reader@example.com", name: "New Reader", state: "ACTIVE" });
    expect(payload.subscriber!.customFields).toEqual(
      expect.arrayContaining([
        { key: DEMO.fields.city, value: "Hobart" },
        { key: DEMO.fields.interests, value: "Hiking" },
        { key: DEMO.fields.interests, value: "Music" },
      ]),
    );
    // The list's client and fields are read before the write (ownership, values); the write once;
    // then one read each for the payload: its stats, its active subscribers (the lists are reused).
    expect(callCounts(stack.legacy)).toEqual({
      "List.GetCustomFields": 1,
      "Subscriber.AddWithCustomFields": 1,
      "Client.GetLists": 1,
      "List.GetStats": 1,
      "Subscribers.GetActive": 1,
    });
  });

  it("uses Subscriber.Add without custom fields; the subscriber of a double opt-in list is not active yet", async () => {
    stack.legacy.calls.reset();
    const { data } = await stack.gql(AddSubscriber, {
      input: { listId: demo.productUpdates, email: "careful.reader@example.com" },
    });
    expect(data!.addSubscriber).toMatchObject({ __typename: "AddSubscriberSuccess", subscriber: null });
    expect(stack.legacy.calls.count("Subscriber.Add")).toBe(1);
  });

  it("reads what a write changed again within the same request", async () => {
    const { data, errors } = await stack.gql(AddTwice, {
      first: { listId: demo.vip, email: "first.vip@example.com" },
      second: { listId: demo.vip, email: "second.vip@example.com" },
    });
    expect(errors).toEqual([]);
    const count = (p: (typeof data & {})["first"]) =>
      asType(p, "AddSubscriberSuccess").list!.stats!.totalActiveSubscribers;
    expect(count(data!.second)).toBe(count(data!.first)! + 1);
  });

  it("refuses a suppressed address with SubscriberSuppressedError (204)", async () => {
    const { data } = await stack.gql(AddSubscriber, {
      input: { listId: demo.newsletter, email: DEMO.emails.suppressed },
    });
    expect(data!.addSubscriber).toMatchObject({
      __typename: "SubscriberSuppressedError",
      code: 204,
      operation: "Subscriber.Add",
    });
    expect((data!.addSubscriber as { message: string }).message).toMatch(/suppression/i);
  });

  it.each([
    [DEMO.emails.deleted, 205, "DELETED"],
    [DEMO.emails.unsubscribed, 206, "UNSUBSCRIBED"],
    [DEMO.emails.bounced, 207, "BOUNCED"],
    [DEMO.emails.unconfirmed, 208, "UNCONFIRMED"],
  ])("refuses %s with SubscriberInactiveError %i", async (email, code, reason) => {
    const { data } = await stack.gql(AddSubscriber, { input: { listId: demo.newsletter, email } });
    expect(data!.addSubscriber).toMatchObject({ __typename: "SubscriberInactiveError", code, reason });
  });

  it("with resubscribe moves an unsubscribed address back to Active (AddAndResubscribe)", async () => {
    stack.legacy.calls.reset();
    const { data } = await stack.gql(AddSubscriber, {
      input: { listId: demo.newsletter, email: DEMO.emails.unsubscribed, resubscribe: true },
    });
    expect(data!.addSubscriber).toMatchObject({
      __typename: "AddSubscriberSuccess",
      resubscribe: true,
      subscriber: { email: DEMO.emails.unsubscribed, state: "ACTIVE" },
    });
    expect(stack.legacy.calls.count("Subscriber.AddAndResubscribe")).toBe(1);
  });

  it("with resubscribe still refuses a suppressed address", async () => {
    stack.legacy.calls.reset();
    const { data } = await stack.gql(AddSubscriber, {
      input: {
        listId: demo.newsletter,
        email: DEMO.emails.suppressed,
        resubscribe: true,
        customFields: [{ key: DEMO.fields.city, value: "X" }],
      },
    });
    expect(data!.addSubscriber).toMatchObject({ __typename: "SubscriberSuppressedError", code: 204 });
    expect(stack.legacy.calls.count("Subscriber.AddAndResubscribeWithCustomFields")).toBe(1);
  });

  it("answers InvalidEmailError (1) for an address of the right shape the service refuses", async () => {
    const { data } = await stack.gql(AddSubscriber, {
      input: { listId: demo.newsletter, email: "two..dots@example.com" },
    });
    expect(data!.addSubscriber).toMatchObject({ __typename: "InvalidEmailError", code: 1 });
  });

  it("answers ListNotFoundError (101) for a list that is gone", async () => {
    const { data } = await stack.gql(AddSubscriber, {
      input: { listId: gid.list(DEMO.clients.northwind, "29999"), email: "someone@example.com" },
    });
    expect(data!.addSubscriber).toMatchObject({ __typename: "ListNotFoundError", code: 101 });
  });
});

describe("unsubscribe", () => {
  it("unsubscribes an active subscriber, then answers NotSubscribedError (202)", async () => {
    const input = { listId: demo.newsletter, email: DEMO.emails.activeNonAscii };
    const first = await stack.gql(Unsubscribe, { input });
    expect(first.data!.unsubscribe).toMatchObject({
      __typename: "UnsubscribeSuccess",
      email: DEMO.emails.activeNonAscii,
      list: { id: demo.newsletter },
    });
    const again = await stack.gql(Unsubscribe, { input });
    expect(again.data!.unsubscribe).toMatchObject({ __typename: "NotSubscribedError", code: 202 });
  });

  it("answers InvalidEmailError (1) and ListNotFoundError (101)", async () => {
    const bad = await stack.gql(Unsubscribe, { input: { listId: demo.newsletter, email: "a..b@example.com" } });
    expect(bad.data!.unsubscribe).toMatchObject({ __typename: "InvalidEmailError", code: 1 });
    const gone = await stack.gql(Unsubscribe, {
      input: { listId: gid.list(DEMO.clients.northwind, "29999"), email: "a@example.com" },
    });
    expect(gone.data!.unsubscribe).toMatchObject({ __typename: "ListNotFoundError", code: 101 });
  });
});
