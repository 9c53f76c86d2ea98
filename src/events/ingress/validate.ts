/**
 * Validation of parsed webhook bodies against the event-type catalog, the whole batch before any of
 * it is used: every event's type, required fields and their formats, one ListID, the size limit.
 * The result is the camelCase model; wire names stay here.
 */
import {
  COMMERCE_TOPICS,
  LIST_EVENT_COMMON_WIRE,
  LIST_EVENT_TYPES,
  type CommerceEvent,
  type EventField,
  type FieldKind,
  type ListEvent,
} from "./event-types.js";
import { IngressError } from "./errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../util/json-depth.js";

/** Most events one legacy webhook request may carry (the spec's limit). */
export const MAX_EVENTS_PER_REQUEST = 1000;

const invalid = (message: string) => new IngressError(400, "invalid_event", message);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
// Both classes exclude "@", so the match is linear.
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** The number the ASCII digits text[from..from+count) spell, or -1 when one of them is not a digit. */
function digits(text: string, from: number, count: number): number {
  let value = 0;
  for (let i = from; i < from + count; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * True for `YYYY-MM-DD HH:MM:SS` naming a real calendar day and time of day. Read digit by digit
 * without allocating: a 1,000-event batch checks 1,000 of them.
 */
export function isLegacyDate(text: string): boolean {
  if (text.length !== 19) return false;
  if (text[4] !== "-" || text[7] !== "-" || text[10] !== " " || text[13] !== ":" || text[16] !== ":") return false;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || hour < 0 || minute < 0 || second < 0) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const daysInMonth = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

const isIsoDateTime = (text: string) => ISO_DATE_TIME.test(text) && !Number.isNaN(Date.parse(text));

const RULES: Readonly<Record<Exclude<FieldKind, "customFields">, [(text: string) => boolean, string]>> = {
  text: [() => true, "a string"],
  email: [(text) => EMAIL.test(text), "an email address"],
  legacyDate: [isLegacyDate, "a date as YYYY-MM-DD HH:MM:SS"],
  isoDateTime: [isIsoDateTime, "an ISO 8601 date-time"],
};

/** The model value of one wire field; `at` names it, made only for an error message. */
function fieldValue(kind: FieldKind, value: unknown, at: () => string): unknown {
  if (kind === "customFields") {
    if (!Array.isArray(value)) throw invalid(`${at()} must be a list of {Key, Value}`);
    return value.map((entry: unknown, i) => {
      const { Key: key, Value: v } = isRecord(entry) ? entry : {};
      if (typeof key !== "string" || key === "" || typeof v !== "string") {
        throw invalid(`${at()}[${i}] must have a non-empty string Key and a string Value`);
      }
      return { key, value: v };
    });
  }
  const [accepts, what] = RULES[kind];
  if (typeof value !== "string" || !accepts(value)) throw invalid(`${at()} must be ${what}`);
  return value;
}

/** The model fields of a wire record; wire fields outside the row are ignored. */
function modelFields(
  record: Record<string, unknown>,
  fields: readonly EventField[],
  path: () => string,
  model: Record<string, unknown> = {},
) {
  for (const { wire, model: name, kind } of fields) {
    if (!Object.hasOwn(record, wire)) throw invalid(`${path()}.${wire} is required`);
    model[name] = fieldValue(kind, record[wire], () => `${path()}.${wire}`);
  }
  return model;
}

/** A parsed legacy body (`{Events, ListID}`) as list events, or an IngressError for the batch. */
export function validateListBatch(body: Record<string, unknown>, receivedAt: string): ListEvent[] {
  const events = body.Events;
  if (!Array.isArray(events)) throw invalid("Events must be a list of events");
  if (events.length > MAX_EVENTS_PER_REQUEST) {
    throw new IngressError(
      422,
      "too_many_events",
      `a request carries at most ${MAX_EVENTS_PER_REQUEST} events, this one ${events.length}`,
    );
  }
  const listId = body[LIST_EVENT_COMMON_WIRE.listId];
  if (typeof listId !== "string" || listId.trim() === "") throw invalid("ListID must be a non-empty string");
  return events.map((event: unknown, i): ListEvent => {
    const path = () => `Events[${i}]`;
    if (!isRecord(event)) throw invalid(`${path()} must be an object`);
    const type = event[LIST_EVENT_COMMON_WIRE.type];
    if (typeof type !== "string" || !Object.hasOwn(LIST_EVENT_TYPES, type)) {
      throw invalid(`${path()}.Type must be one of ${Object.keys(LIST_EVENT_TYPES).join(", ")}`);
    }
    const own = event[LIST_EVENT_COMMON_WIRE.listId];
    if (own !== undefined && own !== listId) {
      throw new IngressError(422, "mixed_list_ids", `${path()}.ListID differs from the request's ListID`);
    }
    const fields = LIST_EVENT_TYPES[type as keyof typeof LIST_EVENT_TYPES];
    // The row's fields were checked one by one against its kinds; the cast only names the union.
    return modelFields(event, fields, path, { type, listId, receivedAt }) as unknown as ListEvent;
  });
}

/** A parsed commerce body (`{meta: {topic, ts}, data}`) as one commerce event. */
export function validateCommerceBody(body: Record<string, unknown>, receivedAt: string): CommerceEvent {
  const { meta, data } = body;
  if (!isRecord(meta)) throw invalid("meta must be an object");
  const { topic, ts } = meta;
  if (typeof topic !== "string") throw invalid("meta.topic must be a string");
  if (typeof ts !== "number" || !Number.isFinite(ts) || ts < 0) throw invalid("meta.ts must be a non-negative number");
  if (!Object.hasOwn(COMMERCE_TOPICS, topic)) {
    throw new IngressError(
      400,
      "unknown_topic",
      `meta.topic must be one of ${Object.keys(COMMERCE_TOPICS).join(", ")}`,
    );
  }
  if (data === undefined) throw invalid("data is required");
  const fields = COMMERCE_TOPICS[topic as keyof typeof COMMERCE_TOPICS].data;
  if (fields === null) {
    // Kept as JSON: stored, replayed and served as it came, so it must be something the log and
    // the graph can serialize (JSON.stringify recurses once per level).
    if (nestsDeeperThan(data)) throw invalid(`data must not nest deeper than ${MAX_JSON_DEPTH} levels`);
    return { topic, ts, receivedAt, data } as CommerceEvent;
  }
  if (!isRecord(data)) throw invalid("data must be an object");
  return { topic, ts, receivedAt, data: modelFields(data, fields, () => "data") } as CommerceEvent;
}
