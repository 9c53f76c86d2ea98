/**
 * Narrows a value a test expects to be there (an array element, a map entry, a regex group):
 * fails the test with a message naming the value instead of a TypeError further down.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`expected ${what}, got ${String(value)}`);
  return value;
}
