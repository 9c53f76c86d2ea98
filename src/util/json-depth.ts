/**
 * How deep a JSON value nests, measured without recursion. JSON.parse reads any depth, but
 * JSON.stringify and graphql-js's result completion recurse once per level: a value passed through
 * from a backend must be bounded before anything serializes it, by a walk that does not recurse.
 */

/**
 * Levels of nesting a value passed through as it came (subscriber properties, segment use models,
 * webhook data) may have. A property value is a scalar or a list of scalars (2 levels under the
 * properties object); 32 leaves room for any record shape a store keeps, and with the levels of a
 * GraphQL response around it stays far below where serializing recurses too deep.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `value` nests deeper than `max` levels. An object or array is one level, each object
 * or array inside it one more; a scalar is none. Walked with an explicit stack, and stops at the
 * first value past the bound.
 */
export function nestsDeeperThan(value: unknown, max: number = MAX_JSON_DEPTH): boolean {
  if (typeof value !== "object" || value === null) return false;
  const values: object[] = [value];
  const depths: number[] = [1];
  for (let top = values.pop(); top !== undefined; top = values.pop()) {
    const depth = depths.pop() ?? 1;
    if (depth > max) return true;
    const children: unknown[] = Array.isArray(top) ? top : Object.values(top);
    for (const child of children) {
      if (typeof child === "object" && child !== null) {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}
