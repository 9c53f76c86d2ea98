/**
 * Raw-HTTP helpers for the legacy sandbox tests: build SOAP envelopes and GET/POST requests by
 * hand (no client code involved), send them with fetch and parse the replies.
 */
import { DEFAULT_LEGACY_NAMESPACE, LEGACY_PATH, type LegacyTransport } from "../../../src/backends/legacy/catalog.js";
import { childNamed, escapeXml, parseXml, type XmlElement } from "../../../src/backends/legacy/xml.js";
import { DEMO } from "../../../src/sandbox/demo-data.js";

export const NS = DEFAULT_LEGACY_NAMESPACE;
export const SOAP_NS = "http://schemas.xmlsoap.org/soap/envelope/";

/** A fixed instant: Wednesday 2026-03-18 03:00 UTC (14:00 in Sydney at +10:00). */
export const FIXED_NOW = Date.parse("2026-03-18T03:00:00Z");

/** A clock tests can move. */
export function testClock(start = FIXED_NOW): { now: () => Date; advance(ms: number): void; set(ms: number): void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms), set: (ms) => (t = ms) };
}

/** Parameters of a request, ApiKey excluded; CustomFields as Key/Value pairs. */
export type Params = Record<string, string | { Key: string; Value: string }[]>;

/** A reply: HTTP status, raw text and the parsed document (when it is XML). */
export interface RawReply {
  status: number;
  contentType: string;
  text: string;
  doc?: XmlElement;
}

function soapEnvelope(op: string, apiKey: string, params: Params): string {
  const parts = [`<ApiKey>${escapeXml(apiKey)}</ApiKey>`];
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string") parts.push(`<${name}>${escapeXml(value)}</${name}>`);
    else {
      const items = value
        .map(
          (f) =>
            `<SubscriberCustomField><Key>${escapeXml(f.Key)}</Key><Value>${escapeXml(f.Value)}</Value></SubscriberCustomField>`,
        )
        .join("");
      parts.push(`<${name}>${items}</${name}>`);
    }
  }
  return (
    `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_NS}" ` +
    `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soap:Body><${op} xmlns="${NS}">${parts.join("")}</${op}></soap:Body></soap:Envelope>`
  );
}

function form(apiKey: string, params: Params): URLSearchParams {
  const out = new URLSearchParams({ ApiKey: apiKey });
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === "string") out.append(name, value);
    else {
      value.forEach((f, i) => {
        out.append(`${name}[${i}].Key`, f.Key);
        out.append(`${name}[${i}].Value`, f.Value);
      });
    }
  }
  return out;
}

async function reply(response: Response): Promise<RawReply> {
  const text = await response.text();
  const contentType = response.headers.get("content-type") ?? "";
  let doc: XmlElement | undefined;
  if (contentType.startsWith("text/xml")) doc = parseXml(text);
  return { status: response.status, contentType, text, doc };
}

/** Sends a raw SOAP request. */
export async function soapRequest(
  url: string,
  body: string,
  soapAction: string | undefined,
  contentType = "text/xml; charset=utf-8",
): Promise<RawReply> {
  const headers: Record<string, string> = { "content-type": contentType };
  if (soapAction !== undefined) headers.soapaction = soapAction;
  return reply(await fetch(`${url}${LEGACY_PATH}`, { method: "POST", headers, body }));
}

/** Calls an operation over one transport; `path` overrides the GET/POST path segment. */
export async function send(
  url: string,
  transport: LegacyTransport,
  op: string,
  params: Params = {},
  options: { apiKey?: string; path?: string } = {},
): Promise<RawReply> {
  const apiKey = options.apiKey ?? DEMO.apiKey;
  if (transport === "soap") return soapRequest(url, soapEnvelope(op, apiKey, params), `"${NS}${op}"`);
  const segment = options.path ?? op;
  const query = form(apiKey, params);
  if (transport === "get") return reply(await fetch(`${url}${LEGACY_PATH}/${segment}?${query}`));
  return reply(
    await fetch(`${url}${LEGACY_PATH}/${segment}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: query.toString(),
    }),
  );
}

/** The result element of a reply: `<OpResult>` inside a SOAP-style envelope, else the root. */
export function resultOf(r: RawReply, op: string): XmlElement {
  if (!r.doc) throw new Error(`no XML in reply (${r.status}): ${r.text.slice(0, 200)}`);
  if (r.doc.name !== "Envelope") return r.doc;
  const body = childNamed(r.doc, "Body");
  const response = body && childNamed(body, `${op}Response`);
  const result = response && childNamed(response, `${op}Result`);
  if (!result) throw new Error(`no ${op}Result in ${r.text.slice(0, 300)}`);
  return result;
}

/** Calls and answers the result element. */
export async function call(
  url: string,
  transport: LegacyTransport,
  op: string,
  params: Params = {},
  options: { apiKey?: string; path?: string } = {},
): Promise<XmlElement> {
  const r = await send(url, transport, op, params, options);
  if (r.status !== 200) throw new Error(`${op} over ${transport}: HTTP ${r.status}: ${r.text.slice(0, 200)}`);
  return resultOf(r, op);
}

/** The Result code of a reply's result element. */
export function codeOf(result: XmlElement): number {
  const code = childNamed(result, "Code");
  if (!code) throw new Error(`not a Result: ${result.name}`);
  return Number(code.text);
}

/** Calls and answers the Result code. */
export async function codeFrom(
  url: string,
  transport: LegacyTransport,
  op: string,
  params: Params = {},
): Promise<number> {
  return codeOf(await call(url, transport, op, params));
}

/** Text of a child element. */
export const textOf = (el: XmlElement, name: string): string => childNamed(el, name)?.text ?? "";

/** The scalar children of an object result by name. */
export function fieldsOf(el: XmlElement): Record<string, string> {
  return Object.fromEntries(el.children.map((c) => [c.name, c.text]));
}

/** The items of a collection result as records of their scalar children. */
export function records(el: XmlElement): Record<string, string>[] {
  return el.children.map(fieldsOf);
}
