/**
 * XML primitives of the legacy codec: escaping and character checks for requests, and a safe
 * reader for replies that returns a small namespace-free element tree.
 *
 * Replies are read by a strict single-pass reader of our own (parseXml): it refuses DOCTYPE and
 * deep nesting, checks every well-formedness rule a reply can break while it builds the tree,
 * never expands entities, and decodes the five predefined entities and character references
 * itself in one pass (so `&amp;lt;` becomes `&lt;` exactly once). fast-xml-parser accepts broken
 * input silently (an unclosed or mismatched element, text outside the root, unquoted or repeated
 * attributes) and needed its separate validator pass first; one pass here costs less than its
 * parse alone (bench/RESULTS.md). The sandbox still parses requests with fast-xml-parser
 * (createSafeXmlParser).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { XMLParser } from "fast-xml-parser";

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
 * A fast-xml-parser set up to read untrusted XML losslessly: ordered nodes with attributes,
 * entities left alone (callers decode the predefined ones and character references exactly once),
 * every value kept as text and untrimmed, nesting capped at `maxNestedTags`. It does not validate:
 * run fast-xml-parser's XMLValidator first, since the parser accepts broken XML silently.
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

const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});
const NO_CHILDREN: readonly XmlElement[] = Object.freeze([]);

const localName = (name: string): string => name.slice(name.indexOf(":") + 1);

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0d;

// XML 1.0 (5th edition) NameStartChar and NameChar. A surrogate stands for a character at or
// above U+10000, which names allow up to U+EFFFF; lone surrogates never get here (forbidden).
function isNameStart(c: number): boolean {
  if (c < 0x80) return isAsciiLetter(c) || c === 0x5f || c === 0x3a;
  return (
    (c >= 0xc0 && c <= 0xd6) ||
    (c >= 0xd8 && c <= 0xf6) ||
    (c >= 0xf8 && c <= 0x2ff) ||
    (c >= 0x370 && c <= 0x37d) ||
    (c >= 0x37f && c <= 0x1fff) ||
    c === 0x200c ||
    c === 0x200d ||
    (c >= 0x2070 && c <= 0x218f) ||
    (c >= 0x2c00 && c <= 0x2fef) ||
    (c >= 0x3001 && c <= 0xdfff) ||
    (c >= 0xf900 && c <= 0xfdcf) ||
    (c >= 0xfdf0 && c <= 0xfffd)
  );
}

function isNameCharacter(c: number): boolean {
  if (c < 0x80) return isAsciiLetter(c) || isDigit(c) || c === 0x5f || c === 0x3a || c === 0x2d || c === 0x2e;
  return isNameStart(c) || c === 0xb7 || (c >= 0x300 && c <= 0x36f) || c === 0x203f || c === 0x2040;
}

const malformed = (why: string) => new XmlReplyError("malformed", `not well-formed XML (${why})`);

/** An element whose start tag has been read and whose end tag has not: its content so far. */
interface OpenElement {
  qualified: string;
  attributes: Record<string, string> | undefined;
  children: XmlElement[] | undefined;
  text: string;
}

/**
 * A strict, single-pass reader of one XML 1.0 document into XmlElements: every well-formedness
 * rule a reply can break is checked here, in the same pass that builds the tree (matching end
 * tags, names, quoted and unique attributes, `<` and `]]>` in text, terminated comments, CDATA
 * sections and processing instructions, the declaration only first, one root and nothing but
 * comments and processing instructions around it). DOCTYPE and nesting beyond MAX_XML_DEPTH are
 * `unsafe`. Every search moves forward, so hostile text costs linear time.
 *
 * The open elements are a stack of its own rather than the call stack, so reading can stop at
 * any element boundary and go on later (`content(until)`): parseXml reads a document in one go,
 * parseXmlInSlices a large one a slice per turn of the event loop, through the same steps.
 */
class XmlReader {
  #at = 0;
  /** Open elements, the root first; entries past #depth are kept for reuse. */
  readonly #open: OpenElement[] = [];
  #depth = 0;
  #root: XmlElement | undefined;
  constructor(private readonly xml: string) {}

  /** Where the reader stands, in characters. */
  get at(): number {
    return this.#at;
  }

  /** The whole document at once. */
  document(): XmlElement {
    this.prolog();
    this.content(this.xml.length);
    return this.epilog();
  }

  /** The XML declaration, comments and processing instructions before the root, and its start tag. */
  prolog(): void {
    const xml = this.xml;
    if (xml.charCodeAt(0) === 0xfeff) this.#at = 1;
    if (xml.startsWith("<?xml", this.#at) && this.#isSpaceOrEnd(this.#at + 5)) {
      const end = xml.indexOf("?>", this.#at + 5);
      if (end === -1) throw malformed("an unterminated XML declaration");
      this.#at = end + 2;
    }
    for (;;) {
      this.#skipSpace();
      if (this.#at >= xml.length) throw malformed("no root element");
      if (xml.charCodeAt(this.#at) !== 0x3c /* < */) throw malformed("text outside the root element");
      if (this.#misc()) continue;
      this.#root = this.#startTag(1);
      if (this.#root === undefined) this.#depth = 1;
      return;
    }
  }

  /** After the root's end tag: nothing but comments and processing instructions; the root. */
  epilog(): XmlElement {
    const xml = this.xml;
    for (;;) {
      this.#skipSpace();
      if (this.#at >= xml.length) break;
      if (xml.charCodeAt(this.#at) !== 0x3c /* < */) throw malformed("text outside the root element");
      if (this.#misc()) continue;
      throw malformed("more than one root element");
    }
    return this.#root!;
  }

  /**
   * Reads the root's content until its end tag (true) or until the cursor has passed `until`
   * (false: call again to go on). Stops only after a piece of markup (any kind), never inside a
   * tag or a text run.
   */
  content(until: number): boolean {
    const xml = this.xml;
    const open = this.#open;
    let depth = this.#depth;
    if (depth === 0) return true;
    let element = open[depth - 1]!;
    for (;;) {
      const lt = xml.indexOf("<", this.#at);
      if (lt === -1) throw malformed(`the element ${element.qualified} is not closed`);
      if (lt > this.#at) {
        const raw = xml.slice(this.#at, lt);
        if (raw.includes("]]>")) throw malformed("]]> in character data");
        element.text += decodeXmlReferences(raw);
      }
      this.#at = lt;
      const next = xml.charCodeAt(lt + 1);
      if (next === 0x2f /* / */) {
        const closed = this.#endTag(element);
        depth -= 1;
        if (depth === 0) {
          this.#root = closed;
          this.#depth = 0;
          return true;
        }
        element = open[depth - 1]!;
        (element.children ??= []).push(closed);
      } else if (this.#misc()) {
        // A comment or processing instruction: nothing to keep.
      } else if (next === 0x21 /* ! */) {
        // #misc() leaves only CDATA here; its text is literal, no reference decoding.
        const end = xml.indexOf("]]>", lt + 9);
        if (end === -1) throw malformed("an unterminated CDATA section");
        element.text += xml.slice(lt + 9, end);
        this.#at = end + 3;
      } else {
        const child = this.#startTag(depth + 1);
        if (child !== undefined) (element.children ??= []).push(child);
        else {
          // Opened: its content comes next, and it is the parent's child once its end tag is read.
          depth += 1;
          element = open[depth - 1]!;
        }
      }
      // Past `until` after any markup (an end tag, an empty-element or start tag, a comment, a
      // processing instruction, CDATA): the open elements hold all there is to go on from.
      if (this.#at > until) {
        this.#depth = depth;
        return false;
      }
    }
  }

  #isSpaceOrEnd(i: number): boolean {
    return isSpace(this.xml.charCodeAt(i)) || this.xml.startsWith("?>", i);
  }

  #skipSpace(): void {
    const xml = this.xml;
    while (this.#at < xml.length && isSpace(xml.charCodeAt(this.#at))) this.#at++;
  }

  /** A comment or processing instruction at `<`: skips it and says so; false for anything else. */
  #misc(): boolean {
    const xml = this.xml;
    const i = this.#at;
    const next = xml.charCodeAt(i + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith("<!--", i)) {
        const end = xml.indexOf("-->", i + 4);
        if (end === -1) throw malformed("an unterminated comment");
        this.#at = end + 3;
        return true;
      }
      if (startsWithIgnoringCase(xml, i + 2, "DOCTYPE") || startsWithIgnoringCase(xml, i + 2, "ENTITY")) {
        throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
      }
      if (xml.startsWith("<![CDATA[", i)) return false;
      throw malformed("a markup declaration");
    }
    if (next === 0x3f /* ? */) {
      this.#at = i + 2;
      const target = this.#name();
      if (target.toLowerCase() === "xml") throw malformed("an XML declaration after the start");
      if (!this.#isSpaceOrEnd(this.#at)) throw malformed("a processing instruction without a target");
      const end = xml.indexOf("?>", this.#at);
      if (end === -1) throw malformed("an unterminated processing instruction");
      this.#at = end + 2;
      return true;
    }
    return false;
  }

  #name(): string {
    const xml = this.xml;
    const start = this.#at;
    if (!isNameStart(xml.charCodeAt(start))) throw malformed("a name that starts with a character names cannot");
    let i = start + 1;
    while (i < xml.length && isNameCharacter(xml.charCodeAt(i))) i++;
    this.#at = i;
    return xml.slice(start, i);
  }

  /**
   * The start tag whose `<` is at the cursor, at nesting `depth` (the root is 1): an empty-element
   * tag is the whole element, returned; otherwise the element is opened (pushed) and undefined
   * returned, and its end tag finishes it.
   */
  #startTag(depth: number): XmlElement | undefined {
    if (depth > MAX_XML_DEPTH) {
      throw new XmlReplyError("unsafe", `the reply nests elements deeper than ${MAX_XML_DEPTH}`);
    }
    const xml = this.xml;
    this.#at += 1;
    const qualified = this.#name();
    // Most elements of a reply have no attributes and many no children: those share frozen empties,
    // and the set of names seen (duplicates) exists only once an attribute does.
    let attributes: Record<string, string> | undefined;
    let seen: Set<string> | undefined;
    for (;;) {
      const spaced = this.#at;
      this.#skipSpace();
      const c = xml.charCodeAt(this.#at);
      if (c === 0x3e /* > */) {
        this.#at += 1;
        break;
      }
      if (c === 0x2f /* / */) {
        if (xml.charCodeAt(this.#at + 1) !== 0x3e) throw malformed("a / inside a start tag");
        this.#at += 2;
        return { name: localName(qualified), attributes: attributes ?? NO_ATTRIBUTES, children: NO_CHILDREN, text: "" };
      }
      if (Number.isNaN(c)) throw malformed("an unterminated start tag");
      if (this.#at === spaced) throw malformed("attributes without space between them");
      const name = this.#name();
      if (seen?.has(name)) throw malformed(`the attribute ${name} twice`);
      (seen ??= new Set()).add(name);
      this.#skipSpace();
      if (xml.charCodeAt(this.#at) !== 0x3d /* = */) throw malformed(`the attribute ${name} without a value`);
      this.#at += 1;
      this.#skipSpace();
      const quote = xml.charCodeAt(this.#at);
      if (quote !== 0x22 && quote !== 0x27) throw malformed(`the attribute ${name} without quotes`);
      const end = xml.indexOf(quote === 0x22 ? '"' : "'", this.#at + 1);
      if (end === -1) throw malformed("an unterminated attribute value");
      const raw = xml.slice(this.#at + 1, end);
      if (raw.includes("<")) throw malformed("a < in an attribute value");
      this.#at = end + 1;
      if (name === "xmlns" || name.startsWith("xmlns:")) continue;
      (attributes ??= {})[localName(name)] = decodeXmlReferences(raw);
    }
    // The entries of elements already closed are reused: a document allocates one per level.
    const entry = this.#open[depth - 1];
    if (entry === undefined) this.#open.push({ qualified, attributes, children: undefined, text: "" });
    else {
      entry.qualified = qualified;
      entry.attributes = attributes;
      entry.children = undefined;
      entry.text = "";
    }
    return undefined;
  }

  /** The end tag of the innermost open element, at `</`: the element, closed. */
  #endTag(element: OpenElement): XmlElement {
    const xml = this.xml;
    const { qualified, children } = element;
    this.#at += 2;
    // The end tag's name is compared where it stands, not copied out first.
    const end = this.#at + qualified.length;
    if (!xml.startsWith(qualified, this.#at) || isNameCharacter(xml.charCodeAt(end))) {
      const closing = this.#name();
      throw malformed(`</${closing}> where </${qualified}> was expected`);
    }
    this.#at = end;
    this.#skipSpace();
    if (xml.charCodeAt(this.#at) !== 0x3e) throw malformed("an unterminated end tag");
    this.#at += 1;
    let { text } = element;
    // Whitespace between child elements is layout, not data; a leaf keeps its text exactly.
    if (children !== undefined && text.trim() === "") text = "";
    return {
      name: localName(qualified),
      attributes: element.attributes ?? NO_ATTRIBUTES,
      children: children ?? NO_CHILDREN,
      text,
    };
  }
}

/**
 * Parses one reply document into its root element.
 * Throws XmlReplyError: `unsafe` for DOCTYPE/entity declarations or nesting beyond MAX_XML_DEPTH,
 * `malformed` for anything that is not one well-formed XML 1.0 element.
 */
export function parseXml(xml: string): XmlElement {
  // A DOCTYPE anywhere is refused as unsafe, whatever else is wrong with the document.
  if (declaresDoctype(xml)) throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
  if (findForbiddenXmlChar(xml) !== -1) throw new XmlReplyError("malformed", "the reply holds a character XML forbids");
  return new XmlReader(xml).document();
}

/** How much of a document parseXmlInSlices reads in one turn of the event loop, in characters. */
export interface XmlSlices {
  /** Of the scan for characters XML forbids (about 1 ns a character). */
  readonly scan: number;
  /** Of the reader (about 15 ns a character of a subscriber reply); it stops between markup only. */
  readonly read: number;
}

/** A few milliseconds of work per turn: 1 Mi characters scanned, 64 Ki characters read. */
export const XML_SLICES: XmlSlices = { scan: 1 << 20, read: 64 << 10 };

/**
 * parseXml for a large document: the same checks, the same result or error, but the forbidden
 * character scan and the reader go a slice at a time, the event loop free between slices
 * (setImmediate), so other requests are served while a multi-megabyte reply is read. `turn` is
 * what happens between slices (setImmediate by default; a caller can end the read from it by
 * throwing, as decodeReplyInSlices does for an aborted call).
 */
export async function parseXmlInSlices(
  xml: string,
  slices: XmlSlices = XML_SLICES,
  turn: () => Promise<unknown> = nextTurn,
): Promise<XmlElement> {
  if (declaresDoctype(xml)) throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
  for (let from = 0; from < xml.length;) {
    let to = Math.min(xml.length, from + slices.scan);
    // A surrogate pair is scanned whole: its halves apart would each look lone.
    if (to < xml.length && isHighSurrogate(xml.charCodeAt(to - 1))) to += 1;
    if (FORBIDDEN_CHAR.test(xml.slice(from, to))) {
      throw new XmlReplyError("malformed", "the reply holds a character XML forbids");
    }
    from = to;
    if (from < xml.length) await turn();
  }
  const reader = new XmlReader(xml);
  reader.prolog();
  while (!reader.content(reader.at + slices.read)) await turn();
  return reader.epilog();
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** The first child element with that local name. */
export function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}
