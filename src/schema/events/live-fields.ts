/**
 * Which root subscription fields are live: without `after`, a live field's stream is the same
 * whenever one joins it, so subscribers of the same document, variables and caller scope may share
 * one execution (src/live). A field says so where it is defined (`extensions: LIVE_FIELD`), and
 * the composition reads the names back from the schema it runs (`liveFieldsOf`) for src/live.
 */
import type { GraphQLSchema } from "graphql";

/** The extensions of a live root subscription field. */
export const LIVE_FIELD = { live: true } as const;

const liveFieldsBySchema = new WeakMap<GraphQLSchema, ReadonlySet<string>>();

/** The names of `schema`'s live root subscription fields (read once per schema). */
export function liveFieldsOf(schema: GraphQLSchema): ReadonlySet<string> {
  let names = liveFieldsBySchema.get(schema);
  if (!names) {
    const fields = Object.values(schema.getSubscriptionType()?.getFields() ?? {});
    names = new Set(fields.filter((field) => field.extensions["live"] === true).map((field) => field.name));
    liveFieldsBySchema.set(schema, names);
  }
  return names;
}
