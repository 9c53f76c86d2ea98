/**
 * Strict parsing of webhook bodies into plain wire records: UTF-8 only, JSON by `application/json`,
 * XML by `text/xml` or `application/xml` through the legacy codec's safe parser (no DOCTYPE,
 * bounded depth, validated before parsing). Nothing here knows event types; validate.ts does.
 */
import { parseXml, XmlReplyError, type XmlElement } from "../../backends/legacy/xml.js";
import { IngressError } from "./errors.js";

/** The body formats ingress reads. */
export type BodyFormat = "json" | "xml";

const MEDIA_TYPES: Readonly<Record<string, BodyFormat>> = {
  "application/json": "json",
  "text/xml": "xml",
  "application/xml": "xml",
};

/**
 * The format a Content-Type names, if it is one of `allowed`. A charset other than UTF-8 is
 * refused too: the body is decoded as UTF-8 and nothing else.
 */
export function bodyFormat(contentType: string | undefined, allowed: readonly BodyFormat[]): BodyFormat {
  const [mediaType = "", ...params] = (contentType ?? "").split(";");
  const format = MEDIA_TYPES[mediaType.trim().toLowerCase()];
  const charset = params
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith("charset="))
    ?.slice("charset=".length)
    .replace(/^"(.*)"$/, "$1");
  if (format === undefined || !allowed.includes(format) || (charset !== undefined && charset !== "utf-8")) {
    const names = Object.keys(MEDIA_TYPES).filter((type) => allowed.includes(MEDIA_TYPES[type] as BodyFormat));
    throw new IngressError(415, "unsupported_media_type", `the body must be ${names.join(" or ")} (UTF-8)`);
  }
  return format;
}

function decodeUtf8(body: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw new IngressError(400, "malformed_body", "the body is not valid UTF-8");
  }
}

/** Parses a JSON body; the top level must be an object. */
export function parseJsonBody(body: Uint8Array): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(body));
  } catch (err) {
    if (err instanceof IngressError) throw err;
    throw new IngressError(400, "malformed_body", "the body is not valid JSON");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new IngressError(400, "malformed_body", "the body must be a JSON object");
  }
  return value as Record<string, unknown>;
}

/** Elements whose children form a list rather than a record. */
const LIST_ELEMENTS = new Set(["Events", "CustomFields"]);

/**
 * An element as a wire record: each child by name, a leaf as its text, a list element (Events,
 * CustomFields) as an array of its children's records whatever they are named. A name that
 * occurs twice is refused: a record has one value per field.
 */
function toRecord(element: XmlElement, path: string): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const child of element.children) {
    const at = `${path}.${child.name}`;
    if (Object.hasOwn(record, child.name)) {
      throw new IngressError(400, "malformed_body", `${at} occurs more than once`);
    }
    record[child.name] = LIST_ELEMENTS.has(child.name)
      ? child.children.map((item, i) => toRecord(item, `${at}[${i}]`))
      : child.children.length > 0
        ? toRecord(child, at)
        : child.text;
  }
  return record;
}

/** Parses an XML body into the record of its root element (whatever the root is named). */
export function parseXmlBody(body: Uint8Array): Record<string, unknown> {
  let root: XmlElement;
  try {
    root = parseXml(decodeUtf8(body));
  } catch (err) {
    if (err instanceof XmlReplyError) {
      throw new IngressError(400, "malformed_body", err.message.replace("the reply", "the body"));
    }
    throw err;
  }
  return toRecord(root, root.name);
}

/** Parses a body in the given format into a wire record. */
export function parseBody(body: Uint8Array, format: BodyFormat): Record<string, unknown> {
  return format === "json" ? parseJsonBody(body) : parseXmlBody(body);
}
