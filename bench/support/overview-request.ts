/** Helper of the Overview benchmarks: one `Overview` query through a gateway, checked. */
import { OVERVIEW_QUERY } from "../../src/server.js";

/** Posts the Overview to the gateway at `url` (its origin); throws unless it answers 200 without errors. */
export async function requestOverview(url: string): Promise<void> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: OVERVIEW_QUERY }),
  });
  const body = (await res.json()) as { errors?: unknown[] };
  if (res.status !== 200 || body.errors) throw new Error(`Overview failed: ${JSON.stringify(body.errors)}`);
}
