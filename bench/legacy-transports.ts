/**
 * The legacy client over its three transports against the sandbox, in one run so the figures
 * compare: a collection read (Subscribers.GetActive on the demo newsletter list), a
 * small object read (Client.GetDetail) and a write (Subscriber.Add of an existing member, which
 * changes nothing but the name). Run: npx tsx bench/legacy-transports.ts [rounds]
 */
import { DEFAULT_LEGACY_NAMESPACE, type LegacyTransport } from "../src/backends/legacy/catalog.js";
import { LegacyClient } from "../src/backends/legacy/client.js";
import { loadConfig } from "../src/config.js";
import { DEMO } from "../src/sandbox/demo-data.js";
import { startLegacySandbox } from "../src/sandbox/legacy/index.js";
import { interleaved, report } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 200);
const sandbox = await startLegacySandbox({ port: 0 });
const limits = loadConfig({}).legacy.limits;
const transports: LegacyTransport[] = ["soap", "get", "post"];
const clients = new Map(
  transports.map((t) => [
    t,
    new LegacyClient({
      url: sandbox.url,
      transport: t,
      namespace: DEFAULT_LEGACY_NAMESPACE,
      apiKey: DEMO.apiKey,
      limits,
    }),
  ]),
);
const client = (t: LegacyTransport) => clients.get(t) as LegacyClient;

const active = await client("soap").call("Subscribers.GetActive", {
  ListID: DEMO.lists.newsletter,
  Date: "2000-01-01 00:00:00",
});
console.log(
  `node ${process.version}; ${rounds} interleaved rounds per case; GetActive returns ${active.length} subscribers\n`,
);

const suites = [
  {
    title: "Subscribers.GetActive (collection)",
    run: (t: LegacyTransport) => () =>
      client(t).call("Subscribers.GetActive", { ListID: DEMO.lists.newsletter, Date: "2000-01-01 00:00:00" }),
  },
  {
    title: "Client.GetDetail (small object)",
    run: (t: LegacyTransport) => () => client(t).call("Client.GetDetail", { ClientID: DEMO.clients.northwind }),
  },
  {
    title: "Subscriber.Add of an existing member (write)",
    run: (t: LegacyTransport) => () =>
      client(t).call("Subscriber.Add", { ListID: DEMO.lists.vip, Email: DEMO.emails.active, Name: "Ada Lovelace" }),
  },
];

for (const suite of suites) {
  const series = await interleaved(
    transports.map((t) => ({ name: t, run: suite.run(t) })),
    rounds,
  );
  console.log(report(suite.title, series), "\n");
}

await Promise.all([...clients.values()].map((c) => c.close()));
await sandbox.close();
