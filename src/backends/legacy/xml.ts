/**
 * XML primitives of the legacy codec: escaping and character checks for requests, and a safe
 * parser for replies that returns a small namespace-free element tree.
 *
 * fast-xml-parser accepts broken input silently and expands DOCTYPE entities, so the parser
 * here refuses DOCTYPE and deep nesting first, validates, parses with entities off, and decodes
 * the five predefined entities and character references itself in one pass (so `&amp;lt;`
 * becomes `&lt;` exactly once).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** Deepest element nesting a reply may have; the service's documents are a handful deep. */
export const MAX_XML_DEPTH = 64;

/** One element of a parsed reply, names without namespace prefixes. */
export interface XmlElement {
  readonly name: string;
  /** Attributes by local name (namespace declarations left out), values decoded. */
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Character data of the element, decoded; whitespace between child elements is dropped. */
  readonly text: string;
}

/** Why a reply could not be read as XML: `unsafe` (DOCTYPE, nesting) or `malformed`. */
export class XmlReplyError extends Error {
  constructor(
    readonly kind: "unsafe" | "malformed",
    message: string,
  ) {
    super(message);
    this.name = "XmlReplyError";
  }
}

// XML 1.0 Char production: tab, LF, CR, U+0020–U+D7FF, U+E000–U+FFFD, U+10000–U+10FFFF.
// The `u` flag makes a lone surrogate one code point that falls outside every range.
const FORBIDDEN_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

/** Index of the first character XML 1.0 forbids (C0 controls, U+FFFE/FFFF, lone surrogates), or -1. */
export function findForbiddenXmlChar(text: string): number {
  const match = FORBIDDEN_CHAR.exec(text);
  return match ? match.index : -1;
}

const ESCAPES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // A parser turns a literal CR (and CRLF) into LF; a reference keeps it.
  "\r": "&#xD;",
};

/** Escapes the five XML special characters and CR, so the value survives in text and attributes. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"'\r]/g, (c) => ESCAPES[c] ?? c);
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Why a reference could not be decoded; the sandbox maps these onto its own SOAP faults. */
export type XmlReferenceFault = "undeclared-entity" | "bare-ampersand" | "forbidden-character";

/** A reference in character data that XML (with entities off) does not allow. */
export class XmlReferenceError extends XmlReplyError {
  constructor(
    readonly fault: XmlReferenceFault,
    message: string,
    /** The entity name, for an undeclared entity. */
    readonly entity?: string,
  ) {
    super("malformed", message);
    this.name = "XmlReferenceError";
  }
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;
const isHexDigit = (c: number) => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
const isAsciiLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
// The name characters the earlier pattern took ([\w.-]): letters, digits, "_", "." and "-".
const isNameChar = (c: number) => isAsciiLetter(c) || isDigit(c) || c === 0x5f || c === 0x2e || c === 0x2d;

/**
 * Decodes the five predefined entities and character references in one left-to-right pass, so
 * `&amp;lt;` becomes `&lt;` exactly once. Anything else after an `&` throws XmlReferenceError.
 * A scan rather than a pattern: the text is the backend's, and its cost must stay linear.
 */
export function decodeXmlReferences(raw: string): string {
  let amp = raw.indexOf("&");
  if (amp === -1) return raw;
  let out = "";
  let from = 0;
  while (amp !== -1) {
    out += raw.slice(from, amp);
    const { char, end } = referenceAt(raw, amp);
    out += char;
    from = end;
    amp = raw.indexOf("&", from);
  }
  return out + raw.slice(from);
}

/** The character the reference at `amp` stands for, and the index just past its `;`. */
function referenceAt(raw: string, amp: number): { char: string; end: number } {
  let i = amp + 1;
  if (raw.charCodeAt(i) === 0x23 /* # */) {
    const hex = raw.charCodeAt(i + 1) === 0x78; /* x */
    i += hex ? 2 : 1;
    const start = i;
    while (i < raw.length && (hex ? isHexDigit(raw.charCodeAt(i)) : isDigit(raw.charCodeAt(i)))) i++;
    if (i === start || raw.charCodeAt(i) !== 0x3b /* ; */) {
      throw new XmlReferenceError("bare-ampersand", "a bare & in character data");
    }
    let first = start;
    while (first < i - 1 && raw.charCodeAt(first) === 0x30) first++;
    // More digits than 0x10FFFF has in either base is out of range; parsing them would lose precision.
    const codePoint = i - first > 7 ? Infinity : Number.parseInt(raw.slice(first, i), hex ? 16 : 10);
    const char = codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : "";
    if (char === "" || findForbiddenXmlChar(char) !== -1) {
      throw new XmlReferenceError("forbidden-character", "a character reference to a character XML forbids");
    }
    return { char, end: i + 1 };
  }
  if (!isAsciiLetter(raw.charCodeAt(i))) throw new XmlReferenceError("bare-ampersand", "a bare & in character data");
  const start = i;
  while (i < raw.length && isNameChar(raw.charCodeAt(i))) i++;
  if (raw.charCodeAt(i) !== 0x3b) throw new XmlReferenceError("bare-ampersand", "a bare & in character data");
  const name = raw.slice(start, i);
  const value = Object.hasOwn(PREDEFINED, name) ? PREDEFINED[name] : undefined;
  if (value === undefined) throw new XmlReferenceError("undeclared-entity", `undeclared entity &${name};`, name);
  return { char: value, end: i + 1 };
}

/**
 * True when the document declares a DOCTYPE or entities anywhere outside CDATA sections.
 * One forward scan: a CDATA section's end is searched for once, and once a search finds none no
 * later section is searched again, so a reply of unterminated `<![CDATA[` costs linear time.
 */
function declaresDoctype(xml: string): boolean {
  // "]]>" occurs nowhere at or after this index (learned from a failed search).
  let noCloseFrom = Infinity;
  let i = xml.indexOf("<!");
  while (i !== -1) {
    if (xml.startsWith("<![CDATA[", i)) {
      const close = i + 9 < noCloseFrom ? xml.indexOf("]]>", i + 9) : -1;
      if (close !== -1) {
        i = xml.indexOf("<!", close + 3);
        continue;
      }
      noCloseFrom = Math.min(noCloseFrom, i + 9);
      // An unterminated section hides nothing: its text is scanned like the rest.
    } else if (startsWithIgnoringCase(xml, i + 2, "DOCTYPE") || startsWithIgnoringCase(xml, i + 2, "ENTITY")) {
      return true;
    }
    i = xml.indexOf("<!", i + 2);
  }
  return false;
}

function startsWithIgnoringCase(text: string, at: number, upper: string): boolean {
  return text.length - at >= upper.length && text.slice(at, at + upper.length).toUpperCase() === upper;
}

/**
 * Deepest element nesting of the document, stopping as soon as it passes `limit`.
 * Runs before the validator and parser so that a hostile depth never reaches their stacks.
 */
function nestingExceeds(xml: string, limit: number): boolean {
  const after = (token: string, from: number): number => {
    const at = xml.indexOf(token, from);
    return at === -1 ? -1 : at + token.length;
  };
  let depth = 0;
  let i = xml.indexOf("<");
  while (i !== -1) {
    let next: number;
    if (xml.startsWith("<!--", i)) next = after("-->", i + 4);
    else if (xml.startsWith("<![CDATA[", i)) next = after("]]>", i + 9);
    else if (xml.startsWith("<?", i)) next = after("?>", i + 2);
    else if (xml.startsWith("<!", i)) next = after(">", i + 2);
    else if (xml.startsWith("</", i)) {
      depth -= 1;
      next = after(">", i + 2);
    } else {
      const end = endOfStartTag(xml, i + 1);
      if (end !== -1 && xml[end - 1] !== "/") {
        depth += 1;
        if (depth > limit) return true;
      }
      next = end === -1 ? -1 : end + 1;
    }
    // An unterminated construct ends the scan; the validator reports it.
    if (next === -1) return false;
    i = xml.indexOf("<", next);
  }
  return false;
}

/** Index of the `>` closing a start tag, skipping quoted attribute values. */
function endOfStartTag(xml: string, from: number): number {
  let quote = "";
  for (let j = from; j < xml.length; j++) {
    const c = xml[j];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ">") return j;
  }
  return -1;
}

/**
 * A fast-xml-parser set up to read untrusted XML losslessly: ordered nodes with attributes,
 * entities left alone (callers decode the predefined ones and character references exactly once),
 * every value kept as text and untrimmed, nesting capped at `maxNestedTags`. It does not validate:
 * run XMLValidator first, since the parser accepts broken XML silently.
 */
export function createSafeXmlParser(maxNestedTags: number): XMLParser {
  return new XMLParser({
    preserveOrder: true,
    ignoreAttributes: false,
    attributeNamePrefix: "",
    processEntities: false,
    htmlEntities: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    cdataPropName: "#cdata",
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags,
  });
}

// The cap is a backstop only: nestingExceeds() refuses deep documents before they get here.
const parser = createSafeXmlParser(MAX_XML_DEPTH + 2);

type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };

const localName = (name: string): string => name.slice(name.indexOf(":") + 1);

function toElement(name: string, node: OrderedNode): XmlElement {
  const attributes: Record<string, string> = {};
  for (const [key, value] of Object.entries(node[":@"] ?? {})) {
    if (key === "xmlns" || key.startsWith("xmlns:")) continue;
    attributes[localName(key)] = decodeXmlReferences(String(value));
  }
  const children: XmlElement[] = [];
  let text = "";
  for (const child of (node[name] as OrderedNode[] | undefined) ?? []) {
    const key = Object.keys(child).find((k) => k !== ":@");
    if (key === undefined) continue;
    if (key === "#text") text += decodeXmlReferences(String(child[key]));
    else if (key === "#cdata") {
      // CDATA is literal: no reference decoding. With parseTagValue off its text is a string.
      for (const part of child[key] as { "#text"?: string }[]) text += part["#text"] ?? "";
    } else children.push(toElement(key, child));
  }
  // Whitespace between child elements is layout, not data; a leaf keeps its text exactly.
  if (children.length > 0 && text.trim() === "") text = "";
  return { name: localName(name), attributes, children, text };
}

/**
 * Parses one reply document into its root element.
 * Throws XmlReplyError: `unsafe` for DOCTYPE/entity declarations or nesting beyond MAX_XML_DEPTH,
 * `malformed` for anything that is not one well-formed XML 1.0 element.
 */
export function parseXml(xml: string): XmlElement {
  if (declaresDoctype(xml)) throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
  if (nestingExceeds(xml, MAX_XML_DEPTH)) {
    throw new XmlReplyError("unsafe", `the reply nests elements deeper than ${MAX_XML_DEPTH}`);
  }
  if (findForbiddenXmlChar(xml) !== -1) throw new XmlReplyError("malformed", "the reply holds a character XML forbids");
  const verdict = XMLValidator.validate(xml);
  if (verdict !== true) throw new XmlReplyError("malformed", `not well-formed XML (${verdict.err.code})`);
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch (err) {
    throw new XmlReplyError("malformed", `not well-formed XML (${(err as Error).message})`);
  }
  const roots = nodes.flatMap((node) => {
    const key = Object.keys(node).find((k) => k !== ":@");
    return key === undefined || key === "#text" || key === "#cdata" ? [] : [toElement(key, node)];
  });
  const strayText = nodes.some((node) => typeof node["#text"] === "string" && String(node["#text"]).trim() !== "");
  const [root] = roots;
  if (roots.length !== 1 || strayText || root === undefined) {
    throw new XmlReplyError("malformed", "the reply is not exactly one root element");
  }
  return root;
}

/** The first child element with that local name. */
export function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}
