/**
 * Date scalars. The legacy service writes dates as `YYYY-MM-DD HH:MM:SS` without a zone (they are
 * wall times of the client that owns the record), so they surface as LocalDateTime
 * (`YYYY-MM-DDTHH:MM:SS`, ISO 8601 without offset). Instants the caller gives (a send date) are
 * DateTime: RFC 3339 with a mandatory offset, converted to the client's wall time before sending.
 */
import { GraphQLError, Kind, type ValueNode } from "graphql";
import { UnreadableValueError } from "../../domain/errors.js";
import { builder } from "../builder.js";

const WIRE_LOCAL = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

/** Year, month, day, hour, minute, second. */
type DateTimeParts = readonly [number, number, number, number, number, number];

/** True when the six numbers name a real calendar date and time. */
export function isRealDateTime(parts: DateTimeParts): boolean {
  const [y, mo, d, h, mi, s] = parts;
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    check.getUTCFullYear() === y &&
    check.getUTCMonth() === mo - 1 &&
    check.getUTCDate() === d &&
    h <= 23 &&
    mi <= 59 &&
    s <= 59
  );
}

function realParts(match: RegExpExecArray | null): DateTimeParts | undefined {
  const [, y, mo, d, h, mi, s] = match ?? [];
  if (
    y === undefined ||
    mo === undefined ||
    d === undefined ||
    h === undefined ||
    mi === undefined ||
    s === undefined
  ) {
    return undefined;
  }
  const parts = [Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s)] as const;
  return isRealDateTime(parts) ? parts : undefined;
}

/** The wire text of a legacy date as LocalDateTime text, or undefined when it is not one. */
export function wireToLocal(wire: string): string | undefined {
  const text = wire.trim();
  return realParts(WIRE_LOCAL.exec(text)) ? text.replace(" ", "T") : undefined;
}

/**
 * A date of a legacy record as LocalDateTime text, checked where the field resolves: null stays
 * null, and wire text that is not a real `YYYY-MM-DD HH:MM:SS` throws UnreadableValueError naming
 * `what`, so that field fails alone with UPSTREAM_BAD_RESPONSE. The check cannot wait for the
 * scalar: graphql's executor turns an error thrown while serializing into a plain Error, which
 * the server masks as an unexpected one.
 */
export function legacyWallTime(wire: string, what: string): string;
export function legacyWallTime(wire: string | null, what: string): string | null;
export function legacyWallTime(wire: string | null, what: string): string | null {
  if (wire === null) return null;
  const local = wireToLocal(wire);
  if (local === undefined) throw new UnreadableValueError("legacy", "The legacy list service", what);
  return local;
}

function inputText(value: unknown, name: string): string {
  if (typeof value !== "string") throw new GraphQLError(`${name} must be a string.`);
  return value;
}

function literalText(ast: ValueNode, name: string): string {
  if (ast.kind !== Kind.STRING) throw new GraphQLError(`${name} must be a string.`, { nodes: ast });
  return ast.value;
}

function parseLocal(value: unknown): string {
  const text = inputText(value, "LocalDateTime");
  if (!realParts(ISO_LOCAL.exec(text))) {
    throw new GraphQLError("LocalDateTime must be a real date and time written YYYY-MM-DDTHH:MM:SS.");
  }
  return text.replace("T", " ");
}

/** Parses RFC 3339 text with an offset into an instant (whole seconds; the wire has no fractions). */
export function parseInstant(text: string): Date | undefined {
  const match = ISO_INSTANT.exec(text);
  const parts = realParts(match);
  const zone = match?.[7]?.toUpperCase();
  if (!parts || zone === undefined) return undefined;
  let offset = 0;
  if (zone !== "Z") {
    const hours = Number(zone.slice(1, 3));
    const minutes = Number(zone.slice(4, 6));
    if (hours > 23 || minutes > 59) return undefined;
    offset = (zone.startsWith("-") ? -1 : 1) * (hours * 60 + minutes);
  }
  const [y, mo, d, h, mi, s] = parts;
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s) - offset * 60_000);
}

function parseDateTime(value: unknown): Date {
  const instant = parseInstant(inputText(value, "DateTime"));
  if (!instant) {
    throw new GraphQLError("DateTime must be RFC 3339 with an offset, e.g. 2030-05-01T09:30:00+02:00 or …Z.");
  }
  return instant;
}

export const LocalDateTime = builder.scalarType("LocalDateTime", {
  description:
    "A wall-clock date and time without zone, `YYYY-MM-DDTHH:MM:SS`. Legacy dates are wall times of " +
    "the client that owns the record (see Client.basicDetails.timeZone).",
  // Resolvers hand over text they have checked (legacyWallTime); anything else is a gateway bug.
  serialize: (local) => {
    if (typeof local !== "string" || !realParts(ISO_LOCAL.exec(local))) {
      throw new Error("A LocalDateTime field resolved to a value that is not checked LocalDateTime text.");
    }
    return local;
  },
  parseValue: parseLocal,
  parseLiteral: (ast) => parseLocal(literalText(ast, "LocalDateTime")),
});

export const DateTime = builder.scalarType("DateTime", {
  description: "An instant: RFC 3339 date and time with an offset, e.g. `2030-05-01T09:30:00+02:00`.",
  serialize: (instant) => instant.toISOString(),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(literalText(ast, "DateTime")),
});
