/**
 * Reading the legacy wire values (all text) into graph values. A value the service should never
 * send is UPSTREAM_BAD_RESPONSE on the field that needed it, not a wrong number in the response.
 */
import { GraphQLError } from "graphql";

/** UPSTREAM_BAD_RESPONSE for a value the service should never have sent. */
export function badValue(what: string): GraphQLError {
  return new GraphQLError(`The legacy list service sent an unreadable ${what}.`, {
    extensions: { code: "UPSTREAM_BAD_RESPONSE", backend: "legacy" },
  });
}

/** A whole number; blank reads as 0 (the codec fills an omitted element with ""). */
export function wireInt(text: string, what: string): number {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^-?\d+$/.test(trimmed)) throw badValue(what);
  const value = Number(trimmed);
  if (!Number.isSafeInteger(value) || Math.abs(value) > 2 ** 31 - 1) throw badValue(what);
  return value;
}

/** The enum value whose wire text is `text`; blank is null; anything else is an error. */
export function wireEnum<T extends string>(values: Readonly<Record<string, T>>, text: string, what: string): T | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const hit = Object.values(values).find((v) => v.toLowerCase() === trimmed.toLowerCase());
  if (hit === undefined) throw badValue(what);
  return hit;
}

/** Text, with blank as null. */
export function blankToNull(text: string): string | null {
  return text.trim() === "" ? null : text;
}
