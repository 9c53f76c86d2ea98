/**
 * Writes check what they cannot see on the wire before they write: that a list belongs to the
 * client its global id names, and that custom-field values fit the list's fields.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { demo, gid } from "./support/ids.js";
import { startStack, type Stack } from "../support/stack.js";

const Add = graphql(`
  mutation OwnedAddSubscriber($input: AddSubscriberInput!) {
    addSubscriber(input: $input) {
      __typename
      ... on AddSubscriberSuccess {
        subscriber {
          customFields {
            key
            value
          }
        }
      }
      ... on OwnershipError {
        field
        ownershipRule
        message
      }
      ... on InputError {
        field
        rule
        message
        issues {
          field
          rule
        }
      }
      ... on LegacyError {
        code
      }
    }
  }
`);

const Unsubscribe = graphql(`
  mutation OwnedUnsubscribe($input: UnsubscribeInput!) {
    unsubscribe(input: $input) {
      __typename
      ... on OwnershipError {
        field
        ownershipRule
      }
    }
  }
`);

const UpdateList = graphql(`
  mutation OwnedUpdateList($input: UpdateListInput!) {
    updateList(input: $input) {
      __typename
      ... on OwnershipError {
        field
        ownershipRule
      }
    }
  }
`);

const DeleteField = graphql(`
  mutation OwnedDeleteField($input: DeleteCustomFieldInput!) {
    deleteCustomField(input: $input) {
      __typename
      ... on OwnershipError {
        field
        ownershipRule
      }
    }
  }
`);

const CreateField = graphql(`
  mutation OwnedCreateField($input: CreateCustomFieldInput!) {
    createCustomField(input: $input) {
      __typename
      ... on OwnershipError {
        field
        ownershipRule
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());
beforeEach(() => stack.legacy.calls.reset());

const writes = () =>
  stack.legacy.calls
    .entries()
    .filter((c) => !/\.Get/.test(c.operation))
    .map((c) => c.operation);

/** Northwind's newsletter under Contoso's client id: a global id whose client part is wrong. */
const misattributed = gid.list(DEMO.clients.contoso, DEMO.lists.newsletter);

describe("a list id naming another client", () => {
  it("is refused by addSubscriber before the write (it used to add, then answer list: null)", async () => {
    const { data, errors } = await stack.gql(Add, { input: { listId: misattributed, email: "stray@example.com" } });
    expect(errors).toEqual([]);
    expect(data!.addSubscriber).toMatchObject({
      __typename: "OwnershipError",
      field: "listId",
      ownershipRule: "LIST_OF_CLIENT",
    });
    expect(writes()).toEqual([]);
  });

  it("is refused by unsubscribe, updateList, createCustomField and deleteCustomField too", async () => {
    const unsub = await stack.gql(Unsubscribe, { input: { listId: misattributed, email: DEMO.emails.active } });
    expect(unsub.data!.unsubscribe).toEqual({
      __typename: "OwnershipError",
      field: "listId",
      ownershipRule: "LIST_OF_CLIENT",
    });
    const update = await stack.gql(UpdateList, {
      input: { listId: misattributed, title: "Hijacked", confirmOptIn: false },
    });
    expect(update.data!.updateList).toEqual({
      __typename: "OwnershipError",
      field: "listId",
      ownershipRule: "LIST_OF_CLIENT",
    });
    const created = await stack.gql(CreateField, {
      input: { listId: misattributed, fieldName: "Planted", dataType: "TEXT" },
    });
    expect(created.data!.createCustomField).toEqual({
      __typename: "OwnershipError",
      field: "listId",
      ownershipRule: "LIST_OF_CLIENT",
    });
    const del = await stack.gql(DeleteField, { input: { listId: misattributed, key: DEMO.fields.city } });
    expect(del.data!.deleteCustomField).toEqual({
      __typename: "OwnershipError",
      field: "listId",
      ownershipRule: "LIST_OF_CLIENT",
    });
    expect(writes()).toEqual([]);
  });

  it("of a client that does not exist is refused the same way", async () => {
    const { data } = await stack.gql(Add, {
      input: { listId: gid.list("19999", DEMO.lists.newsletter), email: "stray@example.com" },
    });
    expect(data!.addSubscriber).toMatchObject({ __typename: "OwnershipError", ownershipRule: "LIST_OF_CLIENT" });
    expect(writes()).toEqual([]);
  });
});

describe("custom field values", () => {
  const add = (customFields: { key: string; value: string }[]) =>
    stack.gql(Add, { input: { listId: demo.newsletter, email: "fields.check@example.com", customFields } });

  it.each([
    ["an unknown key", [{ key: "[Nope]", value: "x" }], "customFields[0].key", "CUSTOM_FIELD_KEY"],
    [
      "a value outside a MultiSelectOne field's options",
      [{ key: DEMO.fields.membership, value: "Platinum" }],
      "customFields[0].value",
      "OPTION",
    ],
    ["a non-number for a Number field", [{ key: DEMO.fields.age, value: "forty" }], "customFields[0].value", "NUMBER"],
    [
      "two entries for a single-valued field",
      [
        { key: DEMO.fields.city, value: "Perth" },
        { key: DEMO.fields.city, value: "Hobart" },
      ],
      "customFields[1].value",
      "SINGLE_VALUE",
    ],
    [
      "a repeated MultiSelectMany value",
      [
        { key: DEMO.fields.interests, value: "Music" },
        { key: DEMO.fields.interests, value: "Music" },
      ],
      "customFields[1].value",
      "DUPLICATE",
    ],
  ])("refuses %s with InputError naming the entry, and writes nothing", async (_what, fields, field, rule) => {
    const { data, errors } = await add(fields);
    expect(errors).toEqual([]);
    expect(data!.addSubscriber).toMatchObject({ __typename: "InputError", field, rule });
    expect((data!.addSubscriber as { message: string }).message).toContain(field);
    expect(writes()).toEqual([]);
  });

  it("reports every broken entry and reads the list's fields once", async () => {
    const { data } = await add([
      { key: "[Nope]", value: "x" },
      { key: DEMO.fields.membership, value: "Platinum" },
      { key: DEMO.fields.age, value: "forty" },
    ]);
    expect(data!.addSubscriber).toMatchObject({
      __typename: "InputError",
      issues: [
        { field: "customFields[0].key", rule: "CUSTOM_FIELD_KEY" },
        { field: "customFields[1].value", rule: "OPTION" },
        { field: "customFields[2].value", rule: "NUMBER" },
      ],
    });
    expect(stack.legacy.calls.count("List.GetCustomFields")).toBe(1);
  });

  it("refuses a number with surrounding spaces rather than trimming it, and writes nothing", async () => {
    const { data } = await add([{ key: DEMO.fields.age, value: " 42" }]);
    expect(data!.addSubscriber).toMatchObject({
      __typename: "InputError",
      field: "customFields[0].value",
      rule: "NUMBER",
      message: expect.stringMatching(/must not start or end with spaces/),
    });
    expect(writes()).toEqual([]);
  });

  it("sends text and blank values exactly as given; a blank one clears the field", async () => {
    const sentValues = () =>
      stack.legacy.calls
        .entries()
        .filter((c) => c.operation === "Subscriber.AddWithCustomFields")
        .map((c) => c.params["CustomFields"]);
    const stored = (result: Awaited<ReturnType<typeof add>>) =>
      (result.data!.addSubscriber as { subscriber: { customFields: { key: string; value: string }[] } }).subscriber
        .customFields;

    const padded = await add([{ key: DEMO.fields.city, value: " Perth " }]);
    expect(sentValues()).toEqual([[{ Key: DEMO.fields.city, Value: " Perth " }]]);
    expect(stored(padded)).toContainEqual({ key: DEMO.fields.city, value: " Perth " });

    stack.legacy.calls.reset();
    const cleared = await add([{ key: DEMO.fields.city, value: "  " }]);
    expect(sentValues()).toEqual([[{ Key: DEMO.fields.city, Value: "  " }]]);
    expect(stored(cleared).map((f) => f.key)).not.toContain(DEMO.fields.city);
  });

  it("accepts values that fit, keys in any case and without brackets, and stores exactly them", async () => {
    const { data, errors } = await stack.gql(Add, {
      input: {
        listId: demo.newsletter,
        email: "fields.fit@example.com",
        customFields: [
          { key: "age", value: "42" },
          { key: DEMO.fields.interests, value: "Music" },
          { key: DEMO.fields.interests, value: "Hiking" },
        ],
      },
    });
    expect(errors).toEqual([]);
    const values = (data!.addSubscriber as { subscriber: { customFields: { key: string; value: string }[] } })
      .subscriber.customFields;
    expect(values).toEqual(
      expect.arrayContaining([
        { key: DEMO.fields.age, value: "42" },
        { key: DEMO.fields.interests, value: "Music" },
        { key: DEMO.fields.interests, value: "Hiking" },
      ]),
    );
  });
});
