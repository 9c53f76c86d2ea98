/**
 * List operations: create and update (titles unique per client), statistics and custom fields.
 */
import type { ListRecord } from "../records.js";
import type { LegacyStore } from "../store.js";
import { createCustomField, deleteCustomField, fieldEntry } from "./custom-fields.js";
import { listStatistics } from "./list-stats.js";
import { param, result, SUCCESS, value, type Handler } from "./types.js";

/** 251 for an empty title, 250 when another list of the client has it (ignoring case), else 0. */
function checkTitle(store: LegacyStore, clientId: string, title: string, except?: ListRecord): number {
  const wanted = title.trim().toLowerCase();
  if (wanted === "") return 251;
  const taken = store.lists(clientId).some((l) => l !== except && l.title.trim().toLowerCase() === wanted);
  return taken ? 250 : 0;
}

/** xsd:boolean text, already checked by the request reader. */
const isTrue = (text: string): boolean => text.trim() === "true" || text.trim() === "1";

const create: Handler = ({ store, args }) => {
  const client = store.client(param(args, "ClientID"));
  if (!client) return result(102);
  const code = checkTitle(store, client.id, param(args, "Title"));
  if (code !== 0) return result(code);
  const confirmOptIn = isTrue(param(args, "ConfirmOptIn"));
  const list = store.addList({
    clientId: client.id,
    title: param(args, "Title").trim(),
    unsubscribePage: param(args, "UnsubscribePage").trim(),
    confirmOptIn,
    // Ignored when ConfirmOptIn is false (spec).
    confirmationSuccessPage: confirmOptIn ? param(args, "ConfirmationSuccessPage").trim() : "",
  });
  return value(list.id);
};

const update: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  const code = checkTitle(store, list.clientId, param(args, "Title"), list);
  if (code !== 0) return result(code);
  list.title = param(args, "Title").trim();
  list.unsubscribePage = param(args, "UnsubscribePage").trim();
  list.confirmOptIn = isTrue(param(args, "ConfirmOptIn"));
  list.confirmationSuccessPage = list.confirmOptIn ? param(args, "ConfirmationSuccessPage").trim() : "";
  return SUCCESS;
};

const getStats: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  return value(listStatistics(list, store.owner(list), store.now()));
};

const getCustomFields: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  return value(list.customFields.map(fieldEntry));
};

const createField: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  return result(createCustomField(list, param(args, "FieldName"), param(args, "DataType"), param(args, "Options")));
};

const deleteField: Handler = ({ store, args }) => {
  const list = store.list(param(args, "ListID"));
  if (!list) return result(101);
  return result(deleteCustomField(list, param(args, "Key")));
};

/** Handlers of the list operations. */
export const LIST_HANDLERS = {
  "List.Create": create,
  "List.Update": update,
  "List.GetStats": getStats,
  "List.GetCustomFields": getCustomFields,
  "List.CreateCustomField": createField,
  "List.DeleteCustomField": deleteField,
} as const satisfies Record<string, Handler>;
