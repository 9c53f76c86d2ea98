/** createList, updateList, createCustomField and deleteCustomField against the sandbox. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { graphql } from "../gql/index.js";
import { asType } from "../support/graphql-http.js";
import { demo, gid } from "./support/ids.js";
import { startStack, type Stack } from "../support/stack.js";

const CreateList = graphql(`
  mutation CreateList($input: CreateListInput!) {
    createList(input: $input) {
      __typename
      ... on CreateListSuccess {
        listId
        list {
          id
          name
          client {
            id
          }
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

const UpdateList = graphql(`
  mutation UpdateList($input: UpdateListInput!) {
    updateList(input: $input) {
      __typename
      ... on UpdateListSuccess {
        listId
        list {
          id
          name
        }
      }
      ... on LegacyError {
        code
        reason
      }
    }
  }
`);

const ListsOf = graphql(`
  query ListsOf($id: ID!) {
    client(id: $id) {
      lists {
        id
        name
      }
    }
  }
`);

const RenameAndCreate = graphql(`
  mutation RenameAndCreate($update: UpdateListInput!, $create: CreateListInput!) {
    updateList(input: $update) {
      __typename
      ... on UpdateListSuccess {
        list {
          name
          client {
            lists {
              name
            }
          }
        }
      }
    }
    createList(input: $create) {
      __typename
      ... on CreateListSuccess {
        list {
          name
          client {
            lists {
              name
            }
          }
        }
      }
    }
  }
`);

const CreateCustomField = graphql(`
  mutation CreateCustomField($input: CreateCustomFieldInput!) {
    createCustomField(input: $input) {
      __typename
      ... on CreateCustomFieldSuccess {
        list {
          id
        }
        customField {
          key
          fieldName
          dataType
          options
        }
      }
      ... on LegacyError {
        code
        reason
      }
    }
  }
`);

const DeleteCustomField = graphql(`
  mutation DeleteCustomField($input: DeleteCustomFieldInput!) {
    deleteCustomField(input: $input) {
      __typename
      ... on DeleteCustomFieldSuccess {
        key
        list {
          customFields {
            key
          }
        }
      }
      ... on LegacyError {
        code
        reason
      }
    }
  }
`);

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const unknownList = gid.list(DEMO.clients.northwind, "29999");

describe("createList", () => {
  it("creates a list and answers it as the client lists it", async () => {
    const { data, errors } = await stack.gql(CreateList, {
      input: {
        clientId: demo.contoso,
        title: "Autumn offers",
        confirmOptIn: true,
        confirmationSuccessPage: "https://contoso.example.com/thanks",
      },
    });
    expect(errors).toEqual([]);
    const payload = asType(data!.createList, "CreateListSuccess");
    expect(payload.list).toEqual({
      id: gid.list(DEMO.clients.contoso, payload.listId),
      name: "Autumn offers",
      client: { id: demo.contoso },
    });
    const lists = (await stack.gql(ListsOf, { id: demo.contoso })).data!.client!.lists!;
    expect(lists.map((l) => l.name)).toContain("Autumn offers");
  });

  it("answers ListTitleError DUPLICATE_TITLE (250) and ClientNotFoundError (102)", async () => {
    const dup = await stack.gql(CreateList, {
      input: { clientId: demo.northwind, title: "newsletter", confirmOptIn: false },
    });
    expect(dup.data!.createList).toMatchObject({
      __typename: "ListTitleError",
      code: 250,
      reason: "DUPLICATE_LIST_TITLE",
      operation: "List.Create",
    });
    const gone = await stack.gql(CreateList, {
      input: { clientId: gid.client("19999"), title: "Anything", confirmOptIn: false },
    });
    expect(gone.data!.createList).toMatchObject({ __typename: "ClientNotFoundError", code: 102 });
  });
});

describe("text the service trims is sent as given", () => {
  /** The parameters of the one call of `operation` the sandbox received since the reset. */
  const sent = (operation: string) => {
    const calls = stack.legacy.calls.entries().filter((c) => c.operation === operation);
    expect(calls).toHaveLength(1);
    return calls[0]!.params;
  };

  it("createList and updateList send the title with its spaces; an empty page is sent empty", async () => {
    stack.legacy.calls.reset();
    const created = await stack.gql(CreateList, {
      input: { clientId: demo.contoso, title: "  Winter offers ", unsubscribePage: "", confirmOptIn: false },
    });
    const payload = asType(created.data!.createList, "CreateListSuccess");
    expect(sent("List.Create")).toMatchObject({
      Title: "  Winter offers ",
      UnsubscribePage: "",
      ConfirmationSuccessPage: "",
    });
    // The service trims titles itself: what it lists is its own answer.
    expect(payload.list!.name).toBe("Winter offers");

    stack.legacy.calls.reset();
    const updated = await stack.gql(UpdateList, {
      input: {
        listId: payload.list!.id,
        title: "Winter offers\t",
        unsubscribePage: "https://contoso.example.com/bye",
        confirmOptIn: true,
      },
    });
    expect(updated.data!.updateList).toMatchObject({ __typename: "UpdateListSuccess" });
    expect(sent("List.Update")).toMatchObject({
      Title: "Winter offers\t",
      UnsubscribePage: "https://contoso.example.com/bye",
      ConfirmationSuccessPage: "",
    });
  });

  it("createCustomField sends the name and each option with their spaces, joined by ||", async () => {
    stack.legacy.calls.reset();
    const { data, errors } = await stack.gql(CreateCustomField, {
      input: {
        listId: demo.pilot,
        fieldName: " Shoe size ",
        dataType: "MULTI_SELECT_ONE",
        // " |wide" does not merge with the separator: the space stands between them.
        options: [" Small", "Large ", " |wide"],
      },
    });
    expect(errors).toEqual([]);
    expect(sent("List.CreateCustomField")).toMatchObject({
      FieldName: " Shoe size ",
      Options: " Small||Large || |wide",
    });
    expect(asType(data!.createCustomField, "CreateCustomFieldSuccess").customField).toEqual({
      key: "[Shoesize]",
      fieldName: "Shoe size",
      dataType: "MULTI_SELECT_ONE",
      options: ["Small", "Large", "|wide"],
    });
  });
});

describe("updateList", () => {
  it("renames a list; a later payload in the same request sees the client's lists afresh", async () => {
    const { data, errors } = await stack.gql(RenameAndCreate, {
      update: { listId: demo.vip, title: "VIP lounge", confirmOptIn: false },
      create: { clientId: demo.northwind, title: "Brand new", confirmOptIn: false },
    });
    expect(errors).toEqual([]);
    const updated = asType(data!.updateList, "UpdateListSuccess");
    const created = asType(data!.createList, "CreateListSuccess");
    expect(updated.list!.name).toBe("VIP lounge");
    expect(updated.list!.client!.lists!.map((l) => l.name)).not.toContain("Brand new");
    expect(created.list!.name).toBe("Brand new");
    expect(created.list!.client!.lists!.map((l) => l.name)).toEqual(
      expect.arrayContaining(["VIP lounge", "Brand new"]),
    );
  });

  it("answers ListTitleError (250) and ListNotFoundError (101)", async () => {
    const dup = await stack.gql(UpdateList, {
      input: { listId: demo.productUpdates, title: "Newsletter", confirmOptIn: true },
    });
    expect(dup.data!.updateList).toMatchObject({
      __typename: "ListTitleError",
      code: 250,
      reason: "DUPLICATE_LIST_TITLE",
    });
    const gone = await stack.gql(UpdateList, { input: { listId: unknownList, title: "X", confirmOptIn: false } });
    expect(gone.data!.updateList).toMatchObject({ __typename: "ListNotFoundError", code: 101 });
  });
});

describe("custom fields", () => {
  it("creates a multi-valued field, then deletes it", async () => {
    const created = await stack.gql(CreateCustomField, {
      input: {
        listId: demo.pilot,
        fieldName: "Favourite colour",
        dataType: "MULTI_SELECT_MANY",
        options: ["Red", "Green"],
      },
    });
    expect(created.data!.createCustomField).toEqual({
      __typename: "CreateCustomFieldSuccess",
      list: { id: demo.pilot },
      customField: {
        key: "[Favouritecolour]",
        fieldName: "Favourite colour",
        dataType: "MULTI_SELECT_MANY",
        options: ["Red", "Green"],
      },
    });
    const deleted = await stack.gql(DeleteCustomField, { input: { listId: demo.pilot, key: "[Favouritecolour]" } });
    expect(deleted.data!.deleteCustomField).toMatchObject({
      __typename: "DeleteCustomFieldSuccess",
      key: "[Favouritecolour]",
    });
    const after = asType(deleted.data!.deleteCustomField, "DeleteCustomFieldSuccess");
    expect(after.list!.customFields!.map((f) => f.key)).not.toContain("[Favouritecolour]");
  });

  it("creates Country fields with generated options", async () => {
    const { data } = await stack.gql(CreateCustomField, {
      input: { listId: demo.pilot, fieldName: "Home country", dataType: "COUNTRY" },
    });
    const payload = asType(data!.createCustomField, "CreateCustomFieldSuccess");
    expect(payload.customField!.options).toContain("Australia");
  });

  it.each([
    [{ fieldName: "City", dataType: "TEXT" as const }, 255, "FIELD_KEY_EXISTS"],
    [{ fieldName: "!!!", dataType: "TEXT" as const }, 254, "INVALID_FIELD_NAME"],
  ])("createCustomField %j answers CustomFieldError %i", async (field, code, reason) => {
    const { data } = await stack.gql(CreateCustomField, { input: { listId: demo.newsletter, ...field } });
    expect(data!.createCustomField).toMatchObject({ __typename: "CustomFieldError", code, reason });
  });

  it("answers CustomFieldError INVALID_KEY (253) and ListNotFoundError (101)", async () => {
    const badKey = await stack.gql(DeleteCustomField, { input: { listId: demo.newsletter, key: "[NoSuchField]" } });
    expect(badKey.data!.deleteCustomField).toMatchObject({
      __typename: "CustomFieldError",
      code: 253,
      reason: "INVALID_FIELD_KEY",
    });
    const gone = await stack.gql(DeleteCustomField, { input: { listId: unknownList, key: "[City]" } });
    expect(gone.data!.deleteCustomField).toMatchObject({ __typename: "ListNotFoundError", code: 101 });
    const goneCreate = await stack.gql(CreateCustomField, {
      input: { listId: unknownList, fieldName: "X", dataType: "TEXT" },
    });
    expect(goneCreate.data!.createCustomField).toMatchObject({ __typename: "ListNotFoundError", code: 101 });
  });
});
