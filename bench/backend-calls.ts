/**
 * Backend calls of a suite of nested queries (test/support/call-suite.ts) against the fewest that can
 * answer each, over both backends. Call counts do not drift with load, so the sandboxes and the
 * gateway run in this process, where the sandboxes' call logs can be read. Target: 1.00 for
 * every query (the test in test/e2e/batching.test.ts fails otherwise).
 * Run: npx tsx bench/backend-calls.ts
 */
import { loadConfig } from "../src/config.js";
import { DEMO } from "../src/sandbox/demo-data.js";
import { startCommerceSandbox } from "../src/sandbox/commerce/index.js";
import { startLegacySandbox } from "../src/sandbox/legacy/index.js";
import { createGateway } from "../src/server.js";
import { LIST_IDS_QUERY, runSuite, suiteCases, suiteIds, type Answer } from "../test/support/call-suite.js";

const legacy = await startLegacySandbox({ webhookAutoDeliver: false });
const commerce = await startCommerceSandbox({ rateLimit: 0 });
const gateway = await createGateway(
  loadConfig({
    HOST: "127.0.0.1",
    PORT: "0",
    AUTH_MODE: "open",
    LEGACY_URL: legacy.url,
    LEGACY_API_KEY: DEMO.apiKey,
    COMMERCE_URL: commerce.baseUrl,
    COMMERCE_API_KEY: commerce.demo.apiKey,
  }),
  { log: () => {} },
);

async function query(text: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const res = await fetch(`${gateway.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: text, variables }),
  });
  const body = (await res.json()) as { data?: Answer; errors?: unknown[] };
  if (res.status !== 200 || body.errors || !body.data) throw new Error(`query failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}

try {
  const rows = await runSuite(suiteCases(suiteIds(await query(LIST_IDS_QUERY))), query, {
    reset: () => {
      legacy.calls.reset();
      commerce.calls.reset();
    },
    legacy: () => {
      const counts: Record<string, number> = {};
      for (const call of legacy.calls.entries()) counts[call.operation] = (counts[call.operation] ?? 0) + 1;
      return counts;
    },
    commerce: (key) => commerce.calls.count(key),
    commerceTotal: () => commerce.calls.total(),
  });
  console.log(`node ${process.version}; sandboxes and gateway in this process (counts do not depend on load)\n`);
  console.log("| query | calls | minimum | ratio | why the minimum |");
  console.log("|---|---:|---:|---:|---|");
  for (const r of rows) {
    const note = r.differences.length > 0 ? ` **differs: ${r.differences.join(", ")}**` : "";
    console.log(`| ${r.name} | ${r.calls} | ${r.minimum} | ${(r.calls / r.minimum).toFixed(2)} | ${r.why}${note} |`);
  }
  const off = rows.filter((r) => r.differences.length > 0).length;
  console.log(`\n${off === 0 ? "every query at its minimum: met" : `${off} queries off their minimum: NOT met`}`);
} finally {
  await gateway.close();
  await Promise.all([legacy.close(), commerce.close()]);
}
