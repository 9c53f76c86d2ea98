/**
 * Decoding a 200-subscriber Subscribers.GetActive SOAP reply (the sandbox's own bytes) into typed
 * records with every safety check, against a bare fast-xml-parser parse of the same bytes with no
 * checks; also fast-xml-parser's XMLValidator and hardened parser passes alone. CPU only, in this
 * process, the cases interleaved in batches. Target: ours / bare ≤ 1.0.
 * Run: npx tsx bench/decode.ts [rounds]
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { operation } from "../src/backends/legacy/catalog.js";
import { decodeReply } from "../src/backends/legacy/codec.js";
import { createSafeXmlParser, MAX_XML_DEPTH } from "../src/backends/legacy/xml.js";
import { redactorFor } from "../src/util/redact.js";
import { DEMO } from "../src/sandbox/demo-data.js";
import { importSubscribers } from "../src/sandbox/legacy/import.js";
import { startLegacySandbox } from "../src/sandbox/legacy/index.js";
import { getActiveEnvelope } from "./support/bare-clients.js";
import { interleaved, percentile, report } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 200);
const SUBSCRIBERS = 200;
const BATCH = 10;
const TARGET = 1.0;

// The reply bytes, as the sandbox sends them for a list of exactly 200 active subscribers.
const sandbox = await startLegacySandbox({ webhookAutoDeliver: false });
const listId = DEMO.lists.vip;
const active = () => [...sandbox.store.list(listId)!.subscribers.values()].filter((s) => s.state === "Active").length;
importSubscribers(sandbox.store, listId, SUBSCRIBERS - active());
const res = await fetch(`${sandbox.url}/api/api.asmx`, {
  method: "POST",
  headers: {
    "content-type": "text/xml; charset=utf-8",
    soapaction: '"http://api.mailgraph.dev/api/Subscribers.GetActive"',
  },
  body: getActiveEnvelope(listId),
});
const body = Buffer.from(await res.arrayBuffer());
await sandbox.close();

const op = operation("Subscribers.GetActive");
const context = { sent: [], redact: redactorFor(DEMO.apiKey) };
const decoded = decodeReply(op, { status: 200, contentType: "text/xml; charset=utf-8", body }, context) as unknown[];
if (res.status !== 200 || decoded.length !== SUBSCRIBERS) {
  throw new Error(`expected ${SUBSCRIBERS} subscribers, got ${decoded.length} (HTTP ${res.status})`);
}

const bare = new XMLParser();
const former = createSafeXmlParser(MAX_XML_DEPTH + 2);
const batch = (fn: () => unknown) => () => {
  for (let i = 0; i < BATCH; i++) fn();
  return Promise.resolve();
};
const series = await interleaved(
  [
    { name: "bare fast-xml-parser parse", run: batch(() => bare.parse(body)) },
    {
      name: "decodeReply (all checks, typed records)",
      run: batch(() => decodeReply(op, { status: 200, contentType: "text/xml; charset=utf-8", body }, context)),
    },
    {
      name: "former: XMLValidator + parser only",
      run: batch(() => {
        const text = body.toString("utf8");
        if (XMLValidator.validate(text) !== true) throw new Error("invalid");
        return former.parse(text);
      }),
    },
  ],
  rounds,
  30,
);
for (const s of series) s.samples = s.samples.map((ms) => ms / BATCH);

console.log(
  `node ${process.version}; ${rounds} interleaved rounds of ${BATCH} decodes per case after 30 warm-up rounds; ` +
    `reply of ${SUBSCRIBERS} subscribers, ${(body.length / 1024).toFixed(1)} KB\n`,
);
console.log(report("Subscribers.GetActive reply: decode against a bare parse of the same bytes", series));
const p50 = (i: number) =>
  percentile(
    [...series[i]!.samples].sort((a, b) => a - b),
    50,
  );
const ratio = p50(1) / p50(0);
console.log(
  `decode / bare parse ${ratio.toFixed(2)} against the target of ≤ ${TARGET.toFixed(1)}: ${ratio <= TARGET ? "met" : "NOT met"}`,
);
