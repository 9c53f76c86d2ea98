/**
 * Segment criteria: the JSON of the `segment` query parameter and of stored segments.
 * `{"criteria": [{"criteriaName", "negate", "filters": [...]}]}`; every criterion must hold,
 * a criterion holds when any of its filters matches, and `negate` inverts it
 * (docs/decisions.md, "Segment criteria and the synchronous threshold").
 */
import { isoToMillis } from "./iso-date.js";

type Scalar = string | number | boolean;

/** One parsed criterion. */
export type Criterion =
  | { criteriaName: "emailDomain"; negate: boolean; filters: Array<{ domain: string }> }
  | { criteriaName: "property"; negate: boolean; filters: Array<{ key: string; value: Scalar }> }
  | { criteriaName: "subscribedBefore" | "subscribedAfter"; negate: boolean; filters: Array<{ date: string }> }
  | { criteriaName: "inSegment"; negate: boolean; filters: Array<{ segmentId: string }> };

/** The criteria names the sandbox understands. */
export const CRITERIA_NAMES = ["emailDomain", "property", "subscribedBefore", "subscribedAfter", "inSegment"] as const;

/** A criteria document that cannot be used; its message names the offending part. */
export class CriteriaError extends Error {
  override readonly name = "CriteriaError";
}

/** What a criterion is evaluated against: one subscriber of a list, or one customer. */
export interface Subject {
  email: string;
  properties: Record<string, unknown>;
  subscribedAt: string;
}

/** Resolves a segment id to its criteria (for `inSegment`). */
export type SegmentLookup = (segmentId: string) => readonly Criterion[] | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isScalar = (v: unknown): v is Scalar => ["string", "number", "boolean"].includes(typeof v);

function stringField(filter: Record<string, unknown>, name: string, where: string): string {
  const value = filter[name];
  if (typeof value !== "string" || value === "") throw new CriteriaError(`${where}.${name} must be a non-empty string`);
  return value;
}

function parseFilters(
  name: Criterion["criteriaName"],
  raw: unknown[],
  where: string,
  lookup: SegmentLookup,
): Criterion["filters"] {
  return raw.map((filter, i) => {
    const at = `${where}.filters[${i}]`;
    if (!isObject(filter)) throw new CriteriaError(`${at} must be an object`);
    switch (name) {
      case "emailDomain":
        return { domain: stringField(filter, "domain", at).toLowerCase() };
      case "property": {
        if (!isScalar(filter.value)) throw new CriteriaError(`${at}.value must be a string, number or boolean`);
        return { key: stringField(filter, "key", at), value: filter.value };
      }
      case "subscribedBefore":
      case "subscribedAfter": {
        const date = stringField(filter, "date", at);
        if (Number.isNaN(isoToMillis(date))) throw new CriteriaError(`${at}.date must be an ISO 8601 date`);
        return { date };
      }
      case "inSegment": {
        const segmentId = stringField(filter, "segmentId", at);
        if (!lookup(segmentId)) throw new CriteriaError(`${at}.segmentId names no segment`);
        return { segmentId };
      }
    }
  }) as Criterion["filters"];
}

/** Validates a criteria document (already JSON-decoded). */
export function parseCriteria(document: unknown, lookup: SegmentLookup): Criterion[] {
  if (!isObject(document) || !Array.isArray(document.criteria)) {
    throw new CriteriaError('segment must be a JSON object with a "criteria" array');
  }
  return document.criteria.map((raw, i): Criterion => {
    const where = `criteria[${i}]`;
    if (!isObject(raw)) throw new CriteriaError(`${where} must be an object`);
    const name = raw.criteriaName;
    if (typeof name !== "string" || !(CRITERIA_NAMES as readonly string[]).includes(name)) {
      throw new CriteriaError(`${where}.criteriaName must be one of ${CRITERIA_NAMES.join(", ")}`);
    }
    if (raw.negate !== undefined && typeof raw.negate !== "boolean")
      throw new CriteriaError(`${where}.negate must be a boolean`);
    if (!Array.isArray(raw.filters) || raw.filters.length === 0)
      throw new CriteriaError(`${where}.filters must be a non-empty array`);
    const criteriaName = name as Criterion["criteriaName"];
    return {
      criteriaName,
      negate: raw.negate === true,
      filters: parseFilters(criteriaName, raw.filters, where, lookup),
    } as Criterion;
  });
}

/** Parses the `segment` query parameter: JSON text of a criteria document. */
export function parseSegmentParam(text: string, lookup: SegmentLookup): Criterion[] {
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw new CriteriaError("segment is not valid JSON");
  }
  return parseCriteria(document, lookup);
}

const sameValue = (a: unknown, b: Scalar): boolean => isScalar(a) && String(a) === String(b);

// Stored segments cannot be edited through the interface, but a bound keeps a cycle harmless.
const MAX_SEGMENT_DEPTH = 8;

function holds(criterion: Criterion, subject: Subject, lookup: SegmentLookup, depth: number): boolean {
  switch (criterion.criteriaName) {
    case "emailDomain": {
      const domain = subject.email.slice(subject.email.lastIndexOf("@") + 1).toLowerCase();
      return criterion.filters.some((f) => f.domain === domain);
    }
    case "property": {
      return criterion.filters.some((f) => {
        const value = subject.properties[f.key];
        return Array.isArray(value) ? value.some((v) => sameValue(v, f.value)) : sameValue(value, f.value);
      });
    }
    case "subscribedBefore":
      return criterion.filters.some((f) => isoToMillis(subject.subscribedAt) < isoToMillis(f.date));
    case "subscribedAfter":
      return criterion.filters.some((f) => isoToMillis(subject.subscribedAt) > isoToMillis(f.date));
    case "inSegment":
      return criterion.filters.some((f) => {
        const criteria = lookup(f.segmentId);
        return criteria !== undefined && depth < MAX_SEGMENT_DEPTH && matchesAll(criteria, subject, lookup, depth + 1);
      });
  }
}

/** True when every criterion holds for the subject (an empty list matches everyone). */
export function matchesAll(
  criteria: readonly Criterion[],
  subject: Subject,
  lookup: SegmentLookup,
  depth = 0,
): boolean {
  return criteria.every((c) => holds(c, subject, lookup, depth) !== c.negate);
}
