/**
 * The arguments of a root lookup that finds a record by its global id or by the backend's own id:
 * exactly one of the two ways, checked before anything is read (BAD_USER_INPUT otherwise).
 */
import { findForbiddenXmlChar } from "../../domain/text-rules.js";
import { MAX_LENGTH } from "../../domain/input-limits.js";
import { graphError } from "./graph-errors.js";

/** What a lookup was given: its global id, or every one of the backend's own ids it needs. */
export type LookupKey<K extends string> = { globalId: string } | { own: Record<K, string> };

/**
 * Which key `field` was given. `own` holds the backend ids the lookup needs together (a list's
 * ListID needs its ClientID): all of them, or `id` alone, must be given.
 */
export function lookupKey<K extends string>(
  field: string,
  id: string | number | null | undefined,
  own: Readonly<Record<K, string | null | undefined>>,
): LookupKey<K> {
  const names = Object.keys(own) as K[];
  const given = names.filter((name) => own[name] !== undefined && own[name] !== null);
  const hasId = id !== undefined && id !== null;
  const together = names.length > 1 ? ` (${names.join(" and ")} together)` : "";
  if (hasId ? given.length > 0 : given.length !== names.length) {
    throw graphError("BAD_USER_INPUT", `${field} takes exactly one key: id, or ${names.join(" and ")}${together}.`, {
      field: hasId ? (given[0] ?? "id") : (names.find((n) => !given.includes(n)) ?? "id"),
      rule: "EXACTLY_ONE",
    });
  }
  if (hasId) return { globalId: String(id) };
  const values = {} as Record<K, string>;
  for (const name of names) {
    // Sent exactly as given: an id with surrounding spaces is the service's to find or not.
    const value = own[name] ?? "";
    if (value.trim() === "")
      throw graphError("BAD_USER_INPUT", `${name} is required.`, { field: name, rule: "REQUIRED" });
    if (value.length > MAX_LENGTH.serviceId) {
      throw graphError("BAD_USER_INPUT", `${name} must be at most ${MAX_LENGTH.serviceId} characters long.`, {
        field: name,
        rule: "MAX_LENGTH",
      });
    }
    const at = findForbiddenXmlChar(value);
    if (at !== -1) {
      throw graphError("BAD_USER_INPUT", `${name} must not contain characters XML 1.0 forbids (at index ${at}).`, {
        field: name,
        rule: "XML_CHARACTERS",
      });
    }
    values[name] = value;
  }
  return { own: values };
}

/** The description of a lookup's backend-id argument. */
export function ownIdDescription(what: string, extra = ""): string {
  return `The service's ${what} (at most ${MAX_LENGTH.serviceId} characters), instead of \`id\`.${extra ? ` ${extra}` : ""}`;
}
