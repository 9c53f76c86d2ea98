/**
 * The reply reader against the XML libraries that could replace it, on the same replies: the
 * sandbox's own User.GetClients reply (small), a 200-subscriber and a 40,000-subscriber (7.8 MB)
 * Subscribers.GetActive reply. Each reader produces the element tree the codec reads (local
 * names, namespace declarations left out, references decoded once, whitespace between child
 * elements dropped) and keeps the reply rules it can hold on its own (nesting and attribute
 * bounds, no DOCTYPE):
 * - own: parseXml (src/backends/legacy/xml.ts);
 * - saxes: its strict parser, entities its own five predefined, the tree built from its events
 *   (and, for scale, saxes with no handler at all: its parse alone);
 * - fast-xml-parser: XMLValidator, then its parser with entities off (references decoded once by
 *   decodeXmlReferences) and its explicit entity limits set to the least it allows;
 * and, for the large reply, each read in 64 Ki-character slices (own: parseXmlInSlices with no
 * wait between slices; saxes: write(chunk) per slice). CPU only, in this process; cases
 * interleave round by round, so a ratio compares neighbours in time.
 * Run: npx tsx bench/xml-readers.ts [rounds]
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { SaxesParser } from "saxes";
import { DEMO } from "../src/sandbox/demo-data.js";
import { importSubscribers } from "../src/sandbox/legacy/import.js";
import { startLegacySandbox } from "../src/sandbox/legacy/index.js";
import {
  decodeXmlReferences,
  MAX_XML_ATTRIBUTES,
  MAX_XML_DEPTH,
  parseXml,
  parseXmlInSlices,
  XML_SLICES,
  XmlReplyError,
  type XmlElement,
} from "../src/backends/legacy/xml.js";
import { getActiveEnvelope, getClientsEnvelope } from "./support/bare-clients.js";
import { interleaved, percentile } from "./support/stats.js";

const rounds = Number(process.argv[2] ?? 30);

// --- the replies, as the sandbox sends them ----------------------------------------------------

const sandbox = await startLegacySandbox({ webhookAutoDeliver: false });
async function soap(action: string, body: string): Promise<string> {
  const res = await fetch(`${sandbox.url}/api/api.asmx`, {
    method: "POST",
    headers: { "content-type": "text/xml; charset=utf-8", soapaction: `"http://api.mailgraph.dev/api/${action}"` },
    body,
  });
  if (res.status !== 200) throw new Error(`${action}: HTTP ${res.status}`);
  return res.text();
}
const listId = DEMO.lists.vip;
const subscribers = () => sandbox.store.list(listId)!.subscribers.size;
const clients = await soap("User.GetClients", getClientsEnvelope());
importSubscribers(sandbox.store, listId, 200 - subscribers());
const active200 = await soap("Subscribers.GetActive", getActiveEnvelope(listId));
importSubscribers(sandbox.store, listId, 40_000 - subscribers());
const active40k = await soap("Subscribers.GetActive", getActiveEnvelope(listId));
await sandbox.close();

// --- saxes: the tree from its events -----------------------------------------------------------

const localName = (name: string): string => name.slice(name.indexOf(":") + 1);
interface Open {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A saxes parser building XmlElements; write() it chunks, then close(). */
function saxesReader() {
  const parser = new SaxesParser({ position: false });
  const open: Open[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  parser.on("error", (error: Error) => {
    throw new XmlReplyError("malformed", `not well-formed XML (${error.message})`);
  });
  parser.on("doctype", () => {
    throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
  });
  parser.on("opentagstart", () => {
    count = 0;
    if (open.length >= MAX_XML_DEPTH) throw new XmlReplyError("unsafe", "nesting");
  });
  parser.on("attribute", () => {
    if (++count > MAX_XML_ATTRIBUTES) throw new XmlReplyError("unsafe", "attributes");
  });
  parser.on("opentag", (tag) => {
    const attributes: Record<string, string> = {};
    for (const [name, value] of Object.entries(tag.attributes)) {
      if (name !== "xmlns" && !name.startsWith("xmlns:")) attributes[localName(name)] = String(value);
    }
    open.push({ name: localName(tag.name), attributes, children: [], text: "" });
  });
  const append = (text: string) => {
    const top = open.at(-1);
    if (top !== undefined) top.text += text;
  };
  parser.on("text", append);
  parser.on("cdata", append);
  parser.on("closetag", () => {
    const { name, attributes, children, text } = open.pop()!;
    const element = { name, attributes, children, text: children.length > 0 && text.trim() === "" ? "" : text };
    const parent = open.at(-1);
    if (parent === undefined) root = element;
    else parent.children.push(element);
  });
  return {
    write(chunk: string) {
      parser.write(chunk);
    },
    close(): XmlElement {
      parser.close();
      return root!;
    },
  };
}

function saxesWhole(xml: string): XmlElement {
  const reader = saxesReader();
  reader.write(xml);
  return reader.close();
}

/** saxes with no handler at all: its own cost, before any tree. */
function saxesBare(xml: string): void {
  new SaxesParser({ position: false }).write(xml).close();
}

async function saxesSliced(xml: string): Promise<XmlElement> {
  const reader = saxesReader();
  for (let from = 0; from < xml.length; from += XML_SLICES.read) {
    reader.write(xml.slice(from, from + XML_SLICES.read));
    await Promise.resolve();
  }
  return reader.close();
}

// --- fast-xml-parser: validator, then the parser, entities off ---------------------------------

const fxp = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  processEntities: { enabled: false, maxEntityCount: 1, maxEntitySize: 1, maxTotalExpansions: 1, maxExpandedLength: 1 },
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  cdataPropName: "#cdata",
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH + 2,
});
type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

function fxpRead(xml: string): XmlElement {
  if (XMLValidator.validate(xml) !== true) throw new XmlReplyError("malformed", "not well-formed XML");
  const nodes = fxp.parse(xml) as OrderedNode[];
  const root = nodes.find((node) => Object.keys(node).some((k) => k !== ":@" && k !== "#text"))!;
  return fxpElement(
    Object.keys(root).find((k) => k !== ":@")!,
    root,
  );
}

function fxpElement(name: string, node: OrderedNode): XmlElement {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[":@"] ?? {})) {
    if (key !== "xmlns" && !key.startsWith("xmlns:")) attributes[localName(key)] = decodeXmlReferences(String(value));
  }
  const children: XmlElement[] = [];
  let text = "";
  for (const child of (node[name] as OrderedNode[] | undefined) ?? []) {
    const key = Object.keys(child).find((k) => k !== ":@");
    if (key === undefined) continue;
    if (key === "#text") text += decodeXmlReferences(String(child[key]));
    else if (key === "#cdata") for (const part of child[key] as { "#text"?: string }[]) text += part["#text"] ?? "";
    else children.push(fxpElement(key, child));
  }
  return { name: localName(name), attributes, children, text: children.length > 0 && text.trim() === "" ? "" : text };
}

// --- the run -----------------------------------------------------------------------------------

const noWait = () => Promise.resolve();
const replies: { name: string; xml: string; batch: number; sliced: boolean }[] = [
  { name: "User.GetClients", xml: clients, batch: 200, sliced: false },
  { name: "Subscribers.GetActive, 200 records", xml: active200, batch: 10, sliced: false },
  { name: "Subscribers.GetActive, 40,000 records", xml: active40k, batch: 1, sliced: true },
];

console.log(`node ${process.version}; ${rounds} interleaved rounds per reply after 5 warm-up rounds\n`);
console.log(
  "| reply | size | own, ms | saxes, ms (× own) | saxes parse alone, ms (× own) | fast-xml-parser, ms (× own) | " +
    "sliced: own, ms | sliced: saxes, ms (× own sliced) |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
for (const reply of replies) {
  const own = parseXml(reply.xml);
  for (const [name, read] of [
    ["saxes", saxesWhole],
    ["fast-xml-parser", fxpRead],
  ] as const) {
    if (JSON.stringify(read(reply.xml)) !== JSON.stringify(own))
      throw new Error(`${name} reads ${reply.name} otherwise`);
  }
  const batch = (fn: () => unknown) => async () => {
    for (let i = 0; i < reply.batch; i++) await fn();
  };
  const cases = [
    { name: "own", run: batch(() => parseXml(reply.xml)) },
    { name: "saxes", run: batch(() => saxesWhole(reply.xml)) },
    { name: "saxes parse alone", run: batch(() => saxesBare(reply.xml)) },
    { name: "fast-xml-parser", run: batch(() => fxpRead(reply.xml)) },
  ];
  if (reply.sliced) {
    cases.push(
      { name: "own sliced", run: batch(() => parseXmlInSlices(reply.xml, XML_SLICES, noWait)) },
      { name: "saxes sliced", run: batch(() => saxesSliced(reply.xml)) },
    );
  }
  const series = await interleaved(cases, rounds, 5);
  const p50 = series.map(
    (s) =>
      percentile(
        [...s.samples].sort((a, b) => a - b),
        50,
      ) / reply.batch,
  );
  const [ownMs, saxesMs, bareMs, fxpMs, ownSliced, saxesSlicedMs] = p50 as [
    number,
    number,
    number,
    number,
    number?,
    number?,
  ];
  const ms = (v: number) => (v < 1 ? v.toFixed(3) : v.toFixed(1));
  const size =
    reply.xml.length > 1e6 ? `${(reply.xml.length / 1e6).toFixed(1)} MB` : `${(reply.xml.length / 1e3).toFixed(1)} KB`;
  console.log(
    `| ${reply.name} | ${size} | ${ms(ownMs)} | ${ms(saxesMs)} (${(saxesMs / ownMs).toFixed(2)}) | ` +
      `${ms(bareMs)} (${(bareMs / ownMs).toFixed(2)}) | ` +
      `${ms(fxpMs)} (${(fxpMs / ownMs).toFixed(2)}) | ` +
      (ownSliced === undefined || saxesSlicedMs === undefined
        ? "– | – |"
        : `${ms(ownSliced)} | ${ms(saxesSlicedMs)} (${(saxesSlicedMs / ownSliced).toFixed(2)}) |`),
  );
}
