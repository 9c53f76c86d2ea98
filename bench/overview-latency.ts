/**
 * The `Overview` query's latency with 20 ms added to every backend reply, against its critical path
 * measured in the same run (three dependent calls), beside a gateway with LEGACY_CONCURRENCY 8 /
 * LEGACY_CONNECTIONS 16, a bare client making the same 39 calls, the floor (nothing decoded) and the
 * least GraphQL server of the query (support/yoga-overview.ts). BENCH_BEFORE_BUILD adds another
 * build's gateway; a second argument spreads each delay by ± ms. Target: p50 ≤ 60 ms + 5 ms.
 * Run: npx tsx bench/overview-latency.ts [rounds] [jitter ms]
 */
import { XMLParser } from "fast-xml-parser";
import { Agent } from "undici";
import { DEMO } from "../src/sandbox/demo-data.js";
import { cpuTimeMs } from "./support/cpu.js";
import { soapText } from "./support/legacy-soap.js";
import { requestOverview } from "./support/overview-request.js";
import { startProcess, withProcesses } from "./support/processes.js";
import { interleaved, percentile, report } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 60);
const jitterMs = Number(process.argv[3] ?? 0);
const beforeBuild = process.env.BENCH_BEFORE_BUILD;
const DELAY_MS = 20;
const LEVELS = 3;
const TARGET_MS = LEVELS * DELAY_MS + 5;

await withProcesses(async () => {
  // The sandbox holds each reply like a service across a network (src/sandbox/legacy/reply-delay.ts):
  // 20 ms plus that request's own work after it arrived, so a level's calls do not also queue on
  // its one thread. The baseline and the bare client talk to it too.
  const sandbox = await startProcess("legacy-sandbox", { args: [String(DELAY_MS), String(jitterMs)] });
  const env = { LEGACY_URL: sandbox.url, LEGACY_API_KEY: DEMO.apiKey, AUTH_MODE: "open" };
  const current = await startProcess("gateway", { env });
  const former = await startProcess("gateway", {
    env: { ...env, LEGACY_CONCURRENCY: "8", LEGACY_CONNECTIONS: "16" },
  });
  const minimal = await startProcess("yoga-overview", { args: [sandbox.url] });
  const before = beforeBuild ? await startProcess("gateway", { env, build: beforeBuild }) : undefined;

  const overview = (url: string) => () => requestOverview(url);

  // Every call without a gateway goes through one undici agent, as the gateway's do (fetch adds
  // about 1.4 ms per call on these machines, which would inflate the baselines).
  const agent = new Agent({ connections: 64 });
  const parser = new XMLParser({ removeNSPrefix: true });
  const origin = new URL(sandbox.url).origin;
  /** One SOAP call's reply text. */
  const soap = (op: string, params: string): Promise<string> => soapText(agent, origin, op, params);
  // The same 39 calls without a gateway: each call as soon as the reply it needs
  // is in, ids read from the replies.
  const items = async (op: string, params: string, item: string): Promise<Record<string, unknown>[]> => {
    const doc = parser.parse(await soap(op, params)) as Record<string, Record<string, Record<string, unknown>>>;
    const response = Object.values(doc["Envelope"]?.["Body"] ?? {})[0] as Record<string, unknown> | undefined;
    const result = Object.values(response ?? {})[0] as Record<string, unknown> | undefined;
    const found = result?.[item];
    return (Array.isArray(found) ? found : found === undefined ? [] : [found]) as Record<string, unknown>[];
  };
  /** The Overview's calls by chain: `fetch` makes one call and gives the ids it found for the next. */
  const chains = async (fetchIds: (op: string, params: string, id: string) => Promise<string[]>): Promise<number> => {
    const clients = await fetchIds("User.GetClients", "", "ClientID");
    const perClient = await Promise.all(
      clients.map(async (client) => {
        const [lists, campaigns] = await Promise.all([
          fetchIds("Client.GetLists", `<ClientID>${client}</ClientID>`, "ListID").then((ids) =>
            Promise.all(
              ids.flatMap((list) => [
                fetchIds("List.GetStats", `<ListID>${list}</ListID>`, ""),
                fetchIds("List.GetCustomFields", `<ListID>${list}</ListID>`, ""),
              ]),
            ),
          ),
          fetchIds("Client.GetCampaigns", `<ClientID>${client}</ClientID>`, "CampaignID").then((ids) =>
            Promise.all(ids.map((c) => fetchIds("Campaign.GetSummary", `<CampaignID>${c}</CampaignID>`, ""))),
          ),
        ]);
        return 2 + lists.length + campaigns.length;
      }),
    );
    return 1 + perClient.reduce((sum, n) => sum + n, 0);
  };
  /** The element each id names a record of (every reply is decoded, ids or not). */
  const ITEM_OF: Record<string, string> = { ClientID: "Client", ListID: "List", CampaignID: "Campaign" };
  const bareOverview = async () => {
    const calls = await chains(async (op, params, id) => {
      const found = await items(op, params, ITEM_OF[id] ?? "x");
      return id ? found.map((item) => String(item[id])) : [];
    });
    if (calls !== 39) throw new Error(`bare Overview made ${calls} calls`);
  };

  // The floor: the same 39 calls with the least work a client can do, the ids picked out of the
  // reply text and nothing decoded. No client of these calls answers sooner on this host.
  const floorOverview = async () => {
    const calls = await chains(async (op, params, id) => {
      const text = await soap(op, params);
      return id ? [...text.matchAll(new RegExp(`<${id}>([^<]*)<`, "g"))].map((m) => m[1]!) : [];
    });
    if (calls !== 39) throw new Error(`the floor's Overview made ${calls} calls`);
  };

  const criticalPath = async () => {
    await soap("User.GetClients", "");
    await soap("Client.GetLists", `<ClientID>${DEMO.clients.northwind}</ClientID>`);
    await soap("List.GetStats", `<ListID>${DEMO.lists.newsletter}</ListID>`);
  };

  // The sandbox's CPU time per call over the run, so its own cost stays in view: it is what
  // spreads a level's arrivals on its one thread.
  const sandboxCpuMs = (): number => cpuTimeMs(sandbox.pid);
  const sandboxCalls = async (): Promise<number> =>
    ((await (await fetch(`${sandbox.url}/__sandbox/calls`)).json()) as { total: number }).total;
  const [cpuBefore, callsBefore] = [sandboxCpuMs(), await sandboxCalls()];
  const series = await interleaved(
    [
      { name: `critical path: ${LEVELS} calls in series`, run: criticalPath },
      { name: "Overview, defaults (32/64)", run: overview(current.url) },
      { name: "Overview, former defaults (8/16)", run: overview(former.url) },
      { name: "bare client: the 39 calls", run: bareOverview },
      { name: "floor: the 39 calls, not decoded", run: floorOverview },
      { name: "least GraphQL server (yoga-overview)", run: overview(minimal.url) },
      ...(before ? [{ name: "Overview, before (BENCH_BEFORE_BUILD)", run: overview(before.url) }] : []),
    ],
    rounds,
    5,
  );
  const [cpuAfter, callsAfter] = [sandboxCpuMs(), await sandboxCalls()];
  console.log(
    `node ${process.version}; ${rounds} interleaved rounds per case after 5 warm-up rounds; the sandbox (every reply ` +
      `held ${DELAY_MS}${jitterMs ? ` ± ${jitterMs}` : ""} ms plus its own work's time after its request arrived) and each gateway in a process of ` +
      `its own, requests one at a time from this one\n`,
  );
  console.log(
    report(
      `Overview with ${DELAY_MS}${jitterMs ? ` ± ${jitterMs}` : ""} ms added to every backend reply, against its critical path`,
      series,
    ),
  );
  const p50 = (i: number) =>
    percentile(
      [...series[i]!.samples].sort((a, b) => a - b),
      50,
    );
  const ours = p50(1);
  console.log(
    `Overview p50 ${ours.toFixed(1)} ms with the defaults against the target of ≤ ${TARGET_MS} ms` +
      (jitterMs
        ? ` (set for fixed replies; these vary by ± ${jitterMs} ms)`
        : `: ${ours <= TARGET_MS ? "met" : "NOT met"}`) +
      " " +
      `(${(ours / p50(0)).toFixed(2)}× the measured critical path; former defaults ${p50(2).toFixed(1)} ms; ` +
      `the bare client ${p50(3).toFixed(1)} ms, so the gateway adds ${(ours - p50(3)).toFixed(1)} ms to what the same calls take without it)`,
  );
  console.log(
    `the floor on this host (the 39 calls, nothing decoded) ${p50(4).toFixed(1)} ms` +
      (p50(4) > TARGET_MS ? `: above the target itself, which no client of this sandbox reaches here` : "") +
      `; the gateway ${(ours - p50(4)).toFixed(1)} ms above it` +
      (before ? `; the gateway of BENCH_BEFORE_BUILD ${p50(6).toFixed(1)} ms` : ""),
  );
  console.log(
    `the least GraphQL server of the query (graphql-yoga, a resolver per call, undici, fast-xml-parser) ` +
      `${p50(5).toFixed(1)} ms, ${(p50(5) - p50(4)).toFixed(1)} ms above the floor; the gateway ${(ours - p50(5)).toFixed(1)} ms above it`,
  );
  if (!Number.isNaN(cpuAfter - cpuBefore)) {
    const calls = callsAfter - callsBefore;
    console.log(`the sandbox used ${((cpuAfter - cpuBefore) / calls).toFixed(3)} ms of CPU per call (${calls} calls)`);
  }
  await agent.close();
  await Promise.all([current.stop(), former.stop(), minimal.stop(), before?.stop(), sandbox.stop()]);
});
