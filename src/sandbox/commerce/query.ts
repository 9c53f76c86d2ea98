/**
 * Query-string readers that turn malformed values into 400 bad_request.
 */
import { badRequest } from "./api-error.js";

/** A whole number in [min, max], or `fallback` when absent. */
export function intParam(url: URL, name: string, fallback: number, min: number, max: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw badRequest(`${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(raw);
}

/** `true`/`1` or `false`/`0`; false when absent. */
export function boolParam(url: URL, name: string): boolean {
  const raw = url.searchParams.get(name);
  if (raw === null) return false;
  if (raw === "true" || raw === "1") return true;
  if (raw === "false" || raw === "0") return false;
  throw badRequest(`${name} must be true or false`);
}

/** A repeated array parameter, accepting both `name[]=` (the spec's form) and `name=`. */
export const arrayParam = (url: URL, name: string): string[] => [
  ...url.searchParams.getAll(`${name}[]`),
  ...url.searchParams.getAll(name),
];
