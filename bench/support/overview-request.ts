/** Helper of the Overview benchmarks: one `Overview` query through a gateway, checked. */
import { parse, print } from "graphql";
import { withoutIncrementalDelivery } from "../../src/plugins/http-streams.js";
import { OVERVIEW_QUERY } from "../../src/server.js";

/**
 * The Overview as one result: GraphiQL's, without its @defer (the reference server of
 * support/yoga-overview.ts knows no @defer, and a figure compares whole answers).
 */
export const WHOLE_OVERVIEW_QUERY = print(withoutIncrementalDelivery(parse(OVERVIEW_QUERY)));

/** Posts the Overview to the gateway at `url` (its origin); throws unless it answers 200 without errors. */
export async function requestOverview(url: string): Promise<void> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: WHOLE_OVERVIEW_QUERY }),
  });
  const body = (await res.json()) as { errors?: unknown[] };
  if (res.status !== 200 || body.errors) throw new Error(`Overview failed: ${JSON.stringify(body.errors)}`);
}
