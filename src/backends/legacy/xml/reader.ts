/**
 * The reply reader: a strict single-pass reader of one XML 1.0 document into a small
 * namespace-free element tree. It refuses DOCTYPE (declarations.ts), deep nesting and elements
 * with more attributes than any reply carries, checks every well-formedness rule a reply can break
 * while it builds the tree, never expands entities, and decodes references once (references.ts).
 * It can stop at any character and go on later, so parseXmlInSlices reads a large reply a slice
 * per turn of the event loop.
 * Kept over a library (bench/xml-readers.ts, same replies, one run): saxes building the same tree
 * took 9–43× its time and fast-xml-parser with its validator 11–53×, which a
 * `{ clients { id name } }` request would pay on every call; saxes also normalises whitespace in
 * attribute values (another tree) and its messages quote names whole.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { DeclarationScan, declaresDoctype, isDeclaration } from "./declarations.js";
import { malformed, quoted, XmlReplyError } from "./errors.js";
import { FORBIDDEN_XML_CHAR, findForbiddenXmlChar } from "./escape.js";
import {
  continuesReference,
  decodeXmlReferences,
  isAsciiLetter,
  isDigit,
  NAMED,
  referenceKind,
  referenceStart,
  referenceValue,
  type ReferenceKind,
} from "./references.js";

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

/**
 * Attributes one element of a reply may carry, namespace declarations included. The service's
 * elements carry four at most (an `anyType` root: `xmlns`, `xmlns:xsi`, `xmlns:xsd` and
 * `xsi:type`); more than this is a reply built to make the reader work, refused as unsafe.
 */
export const MAX_XML_ATTRIBUTES = 64;

/** An element whose start tag has been read and whose end tag has not: its content so far. */
interface OpenElement {
  qualified: string;
  attributes: Record<string, string> | undefined;
  children: XmlElement[] | undefined;
  text: string;
  /** No text so far but whitespace (as String.prototype.trim counts it). */
  blank: boolean;
}

/** True when `text` holds something other than whitespace (what trim() would leave). */
function isNotBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
    // Beyond ASCII, trim() also takes NBSP, the Unicode spaces and line separators, and the BOM.
    return c < 0x7f || /\S/.test(text.slice(i));
  }
  return false;
}

// Where the reader stands (XmlReader.#state). Between markup: before the root, inside it or after
// it. Inside a piece of markup or text: how far into it, so that reading can stop anywhere and go
// on from there.
/** At the very start: a byte order mark and the XML declaration may come. */
const START = 0;
/** Before the root element, between markup. */
const PROLOG = 1;
/** Inside the root element, between markup. */
const CONTENT = 2;
/** After the root element, between markup. */
const EPILOG = 3;
/** In a text run that ends at #end (its `<`). */
const TEXT = 4;
/** In a CDATA section's text that ends at #end (its `]]>`). */
const CDATA = 5;
/** In a comment, processing instruction or XML declaration that ends just before #end. */
const SKIP = 6;
/** In a processing instruction's target, which starts at #mark. */
const TARGET = 7;
/** In a start tag's name, which starts at #mark. */
const TAG_NAME = 8;
/** In a start tag, between attributes. */
const TAG = 9;
/** In an attribute's name, which starts at #mark. */
const ATTRIBUTE_NAME = 10;
/** Between an attribute's name and its value's opening quote (#equals: the `=` is read). */
const ATTRIBUTE_EQUALS = 11;
/** In an attribute's value, which ends at #end (its closing quote). */
const ATTRIBUTE_VALUE = 12;
/** In an end tag's name, compared from #mark with the open element's name. */
const END_NAME = 13;
/** In an end tag after its name: space, then `>`. */
const END_TAG = 14;
/** In an end tag's name that is not the open element's, read from #mark for the error. */
const WRONG_END = 15;

/**
 * A strict, single-pass reader of one XML 1.0 document into XmlElements: every well-formedness
 * rule a reply can break is checked here, in the same pass that builds the tree (matching end
 * tags, names, quoted and unique attributes, `<` and `]]>` in text, terminated comments, CDATA
 * sections and processing instructions, the declaration only first, one root and nothing but
 * comments and processing instructions around it). DOCTYPE, nesting beyond MAX_XML_DEPTH and
 * more than MAX_XML_ATTRIBUTES attributes on an element are `unsafe`. Every search moves forward,
 * so hostile text costs linear time.
 *
 * The reader can stop at any character and go on later (`read(stop)`): its open elements are a
 * stack of its own rather than the call stack, and what it is in the middle of (a text run, a
 * name, a start tag and the attributes read so far, an attribute value, a reference) is its
 * state. parseXml reads a document in one go, parseXmlInSlices a large one a slice per turn of
 * the event loop, through the same steps. A text run or an attribute value that lies entirely
 * within the slice is decoded in one call, as parseXml always does; a longer one is decoded a
 * slice at a time, a reference that crosses the slice's end scanned on in the next.
 */
class XmlReader {
  #at = 0;
  #state = START;
  /** Open elements, the root first; entries past #depth are kept for reuse. */
  readonly #open: OpenElement[] = [];
  #depth = 0;
  #root: XmlElement | undefined;
  /** Where the construct being read ends (TEXT, CDATA, SKIP, ATTRIBUTE_VALUE). */
  #end = 0;
  /** Where the name being read starts (TARGET, TAG_NAME, ATTRIBUTE_NAME, END_NAME, WRONG_END). */
  #mark = 0;
  // The start tag being read: its name, attributes so far and their names, and the attribute in hand.
  #tagName = "";
  #attributes: Record<string, string> | undefined;
  #seen: Set<string> | undefined;
  #count = 0;
  /** Space since the tag's name or the last attribute's value (an attribute must follow one). */
  #spaced = false;
  #attributeName = "";
  #equals = false;
  /** An attribute value decoded so far, when it is read in more than one call. */
  #value = "";
  // A reference whose name or digits a slice's end fell inside: its `&` (-1: none), its kind,
  // where its name or digits start, and its first significant digit so far (-1: none yet).
  #ref = -1;
  #refKind: ReferenceKind = NAMED;
  #refStart = 0;
  #refSignificant = -1;
  // The next `<`, `&` and `]]>` a search found (the length: none), and where it began. Each is
  // searched for again only once the cursor has passed it (or stands before where the search
  // began), so the searches stay linear.
  #ltAt = -1;
  #ltFrom = 0;
  #ampAt = -1;
  #ampFrom = 0;
  #cdataEndAt = -1;
  #cdataEndFrom = 0;

  constructor(private readonly xml: string) {}

  /** Where the reader stands, in characters. */
  get at(): number {
    return this.#at;
  }

  /** The root element, once read() has returned true. */
  get root(): XmlElement {
    return this.#root!;
  }

  /** The whole document at once. */
  document(): XmlElement {
    this.read(Infinity);
    return this.#root!;
  }

  /**
   * Reads on until the document ends (true) or the cursor reaches `stop` (false: call again to go
   * on). Past `stop` it looks ahead only a few characters (the kind of markup at a `<`, the `>` of
   * `/>`), and a native forward search for the next `<`, `&`, `]]>`, quote or terminator; it
   * handles no more than that before it stops.
   */
  read(stop: number): boolean {
    const xml = this.xml;
    const length = xml.length;
    for (;;) {
      switch (this.#state) {
        case CONTENT:
          if (!this.#content(stop)) return false;
          break;
        case TAG_NAME:
          if (!this.#scanName(stop)) return false;
          this.#tagName = xml.slice(this.#mark, this.#at);
          this.#attributes = undefined;
          this.#seen = undefined;
          this.#count = 0;
          this.#spaced = false;
          this.#state = TAG;
          break;
        case TAG: {
          const before = this.#at;
          this.#skipSpace(stop);
          if (this.#at > before) this.#spaced = true;
          if (this.#at >= stop) return false;
          const c = xml.charCodeAt(this.#at);
          if (c === 0x3e /* > */) {
            this.#at += 1;
            this.#openElement();
          } else if (c === 0x2f /* / */) {
            if (xml.charCodeAt(this.#at + 1) !== 0x3e) throw malformed("a / inside a start tag");
            this.#at += 2;
            const attributes = this.#attributes ?? NO_ATTRIBUTES;
            this.#closed({ name: localName(this.#tagName), attributes, children: NO_CHILDREN, text: "" });
          } else {
            if (Number.isNaN(c)) throw malformed("an unterminated start tag");
            if (!this.#spaced) throw malformed("attributes without space between them");
            if (this.#count === MAX_XML_ATTRIBUTES) {
              throw new XmlReplyError(
                "unsafe",
                `the reply gives an element more than ${MAX_XML_ATTRIBUTES} attributes`,
              );
            }
            this.#count += 1;
            this.#nameStart();
            this.#state = ATTRIBUTE_NAME;
          }
          break;
        }
        case ATTRIBUTE_NAME: {
          if (!this.#scanName(stop)) return false;
          const name = xml.slice(this.#mark, this.#at);
          if (this.#seen?.has(name)) throw malformed(`the attribute ${quoted(name)} twice`);
          (this.#seen ??= new Set()).add(name);
          this.#attributeName = name;
          this.#equals = false;
          this.#state = ATTRIBUTE_EQUALS;
          break;
        }
        case ATTRIBUTE_EQUALS: {
          const name = this.#attributeName;
          this.#skipSpace(stop);
          if (this.#at >= stop) return false;
          if (!this.#equals) {
            if (xml.charCodeAt(this.#at) !== 0x3d /* = */)
              throw malformed(`the attribute ${quoted(name)} without a value`);
            this.#at += 1;
            this.#equals = true;
            this.#skipSpace(stop);
            if (this.#at >= stop) return false;
          }
          const at = this.#at;
          const quote = xml.charCodeAt(at);
          if (quote !== 0x22 && quote !== 0x27) throw malformed(`the attribute ${quoted(name)} without quotes`);
          const end = xml.indexOf(quote === 0x22 ? '"' : "'", at + 1);
          if (end === -1) throw malformed("an unterminated attribute value");
          if (this.#nextLt(at) < end) throw malformed("a < in an attribute value");
          this.#spaced = false;
          this.#state = TAG;
          if (name === "xmlns" || name.startsWith("xmlns:")) {
            // A namespace declaration: left out, its value never decoded.
            this.#at = end + 1;
          } else if (end <= stop) {
            this.#at = end + 1;
            this.#attribute(decodeXmlReferences(xml.slice(at + 1, end)));
          } else {
            this.#at = at + 1;
            this.#end = end;
            this.#value = "";
            this.#state = ATTRIBUTE_VALUE;
          }
          break;
        }
        case ATTRIBUTE_VALUE:
          this.#value += this.#characters(this.#end, stop);
          if (this.#at < this.#end || this.#ref !== -1) return false;
          this.#at += 1;
          this.#attribute(this.#value);
          this.#value = "";
          this.#spaced = false;
          this.#state = TAG;
          break;
        case TEXT:
          this.#append(this.#characters(this.#end, stop));
          if (this.#at < this.#end || this.#ref !== -1) return false;
          this.#state = CONTENT;
          break;
        case END_NAME: {
          if (this.#at >= stop) return false;
          const { qualified } = this.#open[this.#depth - 1]!;
          const at = this.#at;
          const compared = at - this.#mark;
          const left = qualified.length - compared;
          // The end tag's name is compared where it stands, not copied out first.
          if (left <= stop - at) {
            const rest = compared === 0 ? qualified : qualified.slice(compared);
            if (xml.startsWith(rest, at) && !isNameCharacter(xml.charCodeAt(at + left))) {
              this.#at = at + left;
              this.#state = END_TAG;
              break;
            }
          } else if (xml.startsWith(qualified.slice(compared, compared + (stop - at)), at)) {
            this.#at = stop;
            return false;
          }
          // Another name: read on from where it stopped matching (what matched is name characters).
          if (at === this.#mark) this.#nameStart();
          this.#state = WRONG_END;
          break;
        }
        case WRONG_END: {
          if (!this.#scanName(stop)) return false;
          const { qualified } = this.#open[this.#depth - 1]!;
          throw malformed(`</${quoted(xml.slice(this.#mark, this.#at))}> where </${quoted(qualified)}> was expected`);
        }
        case END_TAG: {
          this.#skipSpace(stop);
          if (this.#at >= stop) return false;
          if (xml.charCodeAt(this.#at) !== 0x3e) throw malformed("an unterminated end tag");
          this.#at += 1;
          this.#depth -= 1;
          const element = this.#open[this.#depth]!;
          const { children } = element;
          // Whitespace between child elements is layout, not data; a leaf keeps its text exactly.
          const text = children !== undefined && element.blank ? "" : element.text;
          this.#closed({
            name: localName(element.qualified),
            attributes: element.attributes ?? NO_ATTRIBUTES,
            children: children ?? NO_CHILDREN,
            text,
          });
          break;
        }
        case CDATA: {
          if (this.#at >= stop) return false;
          const end = this.#end;
          if (end > stop) {
            this.#append(xml.slice(this.#at, stop));
            this.#at = stop;
            return false;
          }
          this.#append(xml.slice(this.#at, end));
          this.#at = end + 3;
          this.#state = CONTENT;
          break;
        }
        case SKIP:
          if (this.#end > stop) {
            if (stop > this.#at) this.#at = stop;
            return false;
          }
          this.#at = this.#end;
          this.#state = this.#between();
          break;
        case TARGET: {
          if (!this.#scanName(stop)) return false;
          const at = this.#at;
          if (at - this.#mark === 3 && xml.slice(this.#mark, at).toLowerCase() === "xml") {
            throw malformed("an XML declaration after the start");
          }
          if (!this.#isSpaceOrEnd(at)) throw malformed("a processing instruction without a target");
          const end = xml.indexOf("?>", at);
          if (end === -1) throw malformed("an unterminated processing instruction");
          this.#end = end + 2;
          this.#state = SKIP;
          break;
        }
        case START:
          if (xml.charCodeAt(0) === 0xfeff) this.#at = 1;
          this.#state = PROLOG;
          if (xml.startsWith("<?xml", this.#at) && this.#isSpaceOrEnd(this.#at + 5)) {
            const end = xml.indexOf("?>", this.#at + 5);
            if (end === -1) throw malformed("an unterminated XML declaration");
            this.#end = end + 2;
            this.#state = SKIP;
          }
          break;
        default: {
          // PROLOG or EPILOG: nothing but comments and processing instructions, and the root before.
          this.#skipSpace(stop);
          if (this.#at >= length) {
            if (this.#state === PROLOG) throw malformed("no root element");
            return true;
          }
          if (this.#at >= stop) return false;
          if (xml.charCodeAt(this.#at) !== 0x3c /* < */) throw malformed("text outside the root element");
          if (this.#misc()) break;
          if (this.#state === EPILOG) throw malformed("more than one root element");
          if (!this.#wholeStartTag(stop)) this.#startTag();
        }
      }
    }
  }

  /**
   * The root's content between markup, up to `stop`: text runs, and start and end tags read whole
   * where they end before `stop` (the common case, and all of them in one go). Returns false to
   * stop there; true when the reader is inside something else (its state says what) or past the
   * root.
   */
  #content(stop: number): boolean {
    const xml = this.xml;
    const length = xml.length;
    for (;;) {
      const at = this.#at;
      if (at >= stop) return false;
      // Each `<` is searched for here once, from just past the markup before it: no cache needed.
      const lt = xml.indexOf("<", at);
      if (lt === -1) throw malformed(`the element ${quoted(this.#open[this.#depth - 1]!.qualified)} is not closed`);
      if (lt > at) {
        if ((this.#cdataEndAt < lt || at < this.#cdataEndFrom) && this.#nextCdataEnd(at) < lt) {
          throw malformed("]]> in character data");
        }
        if (lt > stop) {
          this.#end = lt;
          this.#state = TEXT;
          return true;
        }
        this.#append(decodeXmlReferences(xml.slice(at, lt)));
        this.#at = lt;
      }
      const next = xml.charCodeAt(lt + 1);
      if (next === 0x2f /* / */) {
        if (this.#wholeEndTag(stop)) {
          if (this.#depth === 0) return true;
          continue;
        }
        this.#at = lt + 2;
        this.#mark = lt + 2;
        this.#state = END_NAME;
        return true;
      }
      if (this.#misc()) return true;
      if (next === 0x21 /* ! */) {
        // #misc() leaves only CDATA here; its text is literal, no reference decoding.
        const end = this.#nextCdataEnd(lt + 9);
        if (end === length) throw malformed("an unterminated CDATA section");
        this.#at = lt + 9;
        this.#end = end;
        this.#state = CDATA;
        return true;
      }
      if (this.#wholeStartTag(stop)) {
        if (this.#depth === 0) return true;
        continue;
      }
      this.#startTag();
      return true;
    }
  }

  /**
   * The start tag at the cursor in one go, when it is well-formed, within bounds and ends before
   * `stop`: the element opened (or, empty, added), true. Otherwise false, and nothing has changed:
   * the tag is read by the steps that can stop anywhere (TAG_NAME on), which also give any error.
   */
  #wholeStartTag(stop: number): boolean {
    if (this.#depth >= MAX_XML_DEPTH) return false;
    const xml = this.xml;
    const end = stop < xml.length ? stop : xml.length;
    const start = this.#at + 1;
    if (!isNameStart(xml.charCodeAt(start))) return false;
    let i = start + 1;
    while (i < end && isNameCharacter(xml.charCodeAt(i))) i++;
    const qualified = xml.slice(start, i);
    // Most elements of a reply have no attributes and many no children: those share frozen empties,
    // and the set of names seen (duplicates) exists only once an attribute does.
    let attributes: Record<string, string> | undefined;
    let seen: Set<string> | undefined;
    let count = 0;
    for (;;) {
      const spaced = i;
      while (i < end && isSpace(xml.charCodeAt(i))) i++;
      if (i >= end) return false;
      const c = xml.charCodeAt(i);
      if (c === 0x3e /* > */) {
        this.#at = i + 1;
        this.#tagName = qualified;
        this.#attributes = attributes;
        this.#openElement();
        return true;
      }
      if (c === 0x2f /* / */) {
        if (xml.charCodeAt(i + 1) !== 0x3e || i + 2 > end) return false;
        this.#at = i + 2;
        this.#closed({
          name: localName(qualified),
          attributes: attributes ?? NO_ATTRIBUTES,
          children: NO_CHILDREN,
          text: "",
        });
        return true;
      }
      if (i === spaced || count === MAX_XML_ATTRIBUTES || !isNameStart(c)) return false;
      count += 1;
      const nameStart = i;
      i += 1;
      while (i < end && isNameCharacter(xml.charCodeAt(i))) i++;
      const name = xml.slice(nameStart, i);
      if (seen?.has(name)) return false;
      (seen ??= new Set()).add(name);
      while (i < end && isSpace(xml.charCodeAt(i))) i++;
      if (xml.charCodeAt(i) !== 0x3d /* = */) return false;
      i += 1;
      while (i < end && isSpace(xml.charCodeAt(i))) i++;
      const quote = xml.charCodeAt(i);
      if (i >= end || (quote !== 0x22 && quote !== 0x27)) return false;
      const close = xml.indexOf(quote === 0x22 ? '"' : "'", i + 1);
      if (close === -1 || close >= end || this.#nextLt(i) < close) return false;
      if (name !== "xmlns" && !name.startsWith("xmlns:")) {
        (attributes ??= {})[localName(name)] = decodeXmlReferences(xml.slice(i + 1, close));
      }
      i = close + 1;
    }
  }

  /**
   * The end tag at the cursor in one go, when it closes the innermost open element and ends before
   * `stop`: the element closed, true. Otherwise false, and nothing has changed (END_NAME on reads it).
   */
  #wholeEndTag(stop: number): boolean {
    const xml = this.xml;
    const element = this.#open[this.#depth - 1]!;
    const { qualified, children } = element;
    // The end tag's name is compared where it stands, not copied out first.
    const nameEnd = this.#at + 2 + qualified.length;
    if (nameEnd >= stop || !xml.startsWith(qualified, this.#at + 2) || isNameCharacter(xml.charCodeAt(nameEnd))) {
      return false;
    }
    const end = stop < xml.length ? stop : xml.length;
    let i = nameEnd;
    while (i < end && isSpace(xml.charCodeAt(i))) i++;
    if (i >= end || xml.charCodeAt(i) !== 0x3e /* > */) return false;
    this.#at = i + 1;
    this.#depth -= 1;
    // Whitespace between child elements is layout, not data; a leaf keeps its text exactly.
    const text = children !== undefined && element.blank ? "" : element.text;
    this.#closed({
      name: localName(qualified),
      attributes: element.attributes ?? NO_ATTRIBUTES,
      children: children ?? NO_CHILDREN,
      text,
    });
    return true;
  }

  /** The state between markup where the reader now stands. */
  #between(): number {
    if (this.#depth > 0) return CONTENT;
    return this.#root === undefined ? PROLOG : EPILOG;
  }

  /** The next `<` at or after `at` (the length: none). */
  #nextLt(at: number): number {
    if (this.#ltAt < at || at < this.#ltFrom) {
      const lt = this.xml.indexOf("<", at);
      this.#ltAt = lt === -1 ? this.xml.length : lt;
      this.#ltFrom = at;
    }
    return this.#ltAt;
  }

  /** The next `&` at or after `at` (the length: none). */
  #nextAmp(at: number): number {
    if (this.#ampAt < at || at < this.#ampFrom) {
      const amp = this.xml.indexOf("&", at);
      this.#ampAt = amp === -1 ? this.xml.length : amp;
      this.#ampFrom = at;
    }
    return this.#ampAt;
  }

  /** The next `]]>` at or after `at` (the length: none). */
  #nextCdataEnd(at: number): number {
    if (this.#cdataEndAt < at || at < this.#cdataEndFrom) {
      const end = this.xml.indexOf("]]>", at);
      this.#cdataEndAt = end === -1 ? this.xml.length : end;
      this.#cdataEndFrom = at;
    }
    return this.#cdataEndAt;
  }

  #isSpaceOrEnd(i: number): boolean {
    return isSpace(this.xml.charCodeAt(i)) || this.xml.startsWith("?>", i);
  }

  /** Skips whitespace, not past `stop`. */
  #skipSpace(stop: number): void {
    const xml = this.xml;
    const end = stop < xml.length ? stop : xml.length;
    let i = this.#at;
    while (i < end && isSpace(xml.charCodeAt(i))) i++;
    this.#at = i;
  }

  /** The first character of a name, at the cursor: #mark set there, the cursor past it. */
  #nameStart(): void {
    if (!isNameStart(this.xml.charCodeAt(this.#at))) {
      throw malformed("a name that starts with a character names cannot");
    }
    this.#mark = this.#at;
    this.#at += 1;
  }

  /** Reads on through a name, not past `stop`: true once it has ended (the cursor just past it). */
  #scanName(stop: number): boolean {
    const xml = this.xml;
    const end = stop < xml.length ? stop : xml.length;
    let i = this.#at;
    while (i < end && isNameCharacter(xml.charCodeAt(i))) i++;
    this.#at = i;
    return i < end || end === xml.length;
  }

  /** A comment or processing instruction at `<`: starts skipping it and says so; false for anything else. */
  #misc(): boolean {
    const xml = this.xml;
    const i = this.#at;
    const next = xml.charCodeAt(i + 1);
    if (next === 0x21 /* ! */) {
      if (xml.startsWith("<!--", i)) {
        const end = xml.indexOf("-->", i + 4);
        if (end === -1) throw malformed("an unterminated comment");
        this.#end = end + 3;
        this.#state = SKIP;
        return true;
      }
      if (isDeclaration(xml, i)) throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
      if (xml.startsWith("<![CDATA[", i)) return false;
      throw malformed("a markup declaration");
    }
    if (next === 0x3f /* ? */) {
      this.#at = i + 2;
      this.#nameStart();
      this.#state = TARGET;
      return true;
    }
    return false;
  }

  /** The start tag whose `<` is at the cursor, one level below the open elements. */
  #startTag(): void {
    if (this.#depth + 1 > MAX_XML_DEPTH) {
      throw new XmlReplyError("unsafe", `the reply nests elements deeper than ${MAX_XML_DEPTH}`);
    }
    this.#at += 1;
    this.#nameStart();
    this.#state = TAG_NAME;
  }

  /** The start tag just read opens an element: its content comes next. */
  #openElement(): void {
    // The entries of elements already closed are reused: a document allocates one per level.
    const entry = this.#open[this.#depth];
    if (entry === undefined) {
      this.#open.push({
        qualified: this.#tagName,
        attributes: this.#attributes,
        children: undefined,
        text: "",
        blank: true,
      });
    } else {
      entry.qualified = this.#tagName;
      entry.attributes = this.#attributes;
      entry.children = undefined;
      entry.text = "";
      entry.blank = true;
    }
    this.#depth += 1;
    this.#state = CONTENT;
  }

  /** An element is complete: its parent's child, or the root. */
  #closed(element: XmlElement): void {
    if (this.#depth === 0) {
      this.#root = element;
      this.#state = EPILOG;
    } else {
      (this.#open[this.#depth - 1]!.children ??= []).push(element);
      this.#state = CONTENT;
    }
  }

  /** The attribute in hand, its value decoded (namespace declarations never get here). */
  #attribute(value: string): void {
    (this.#attributes ??= {})[localName(this.#attributeName)] = value;
  }

  /** Text of the innermost open element. */
  #append(text: string): void {
    if (text === "") return;
    const element = this.#open[this.#depth - 1]!;
    element.text += text;
    if (element.blank && isNotBlank(text)) element.blank = false;
  }

  /**
   * Character data from the cursor toward `end` (a text run's `<` or an attribute value's closing
   * quote), decoded, not past `stop`. A reference `stop` falls inside is left in #ref and read on
   * in the next call; the cursor stands at `end` once everything before it is decoded.
   */
  #characters(end: number, stop: number): string {
    const xml = this.xml;
    let out = "";
    if (this.#ref !== -1) {
      const char = this.#referenceScan(stop);
      if (char === undefined) return out;
      out = char;
    }
    const limit = end < stop ? end : stop;
    for (;;) {
      const at = this.#at;
      const amp = this.#nextAmp(at);
      if (amp >= limit) {
        if (limit > at) {
          out += xml.slice(at, limit);
          this.#at = limit;
        }
        return out;
      }
      out += xml.slice(at, amp);
      const kind = referenceKind(xml, amp);
      this.#ref = amp;
      this.#refKind = kind;
      this.#refStart = referenceStart(amp, kind);
      this.#refSignificant = -1;
      this.#at = this.#refStart;
      const char = this.#referenceScan(stop);
      if (char === undefined) return out;
      out += char;
    }
  }

  /**
   * Reads on through the name or digits of the reference in #ref, not past `stop`: its character
   * once it ends (the cursor past its `;`), or undefined when `stop` came first.
   */
  #referenceScan(stop: number): string | undefined {
    const xml = this.xml;
    const bound = stop < xml.length ? stop : xml.length;
    const kind = this.#refKind;
    let significant = this.#refSignificant;
    let i = this.#at;
    for (; i < bound; i++) {
      const c = xml.charCodeAt(i);
      if (!continuesReference(kind, c)) break;
      if (significant === -1 && c !== 0x30) significant = i;
    }
    this.#at = i;
    this.#refSignificant = significant;
    if (i >= bound && bound < xml.length) return undefined;
    const char = referenceValue(xml, kind, this.#refStart, i, significant);
    this.#ref = -1;
    this.#at = i + 1;
    return char;
  }
}

/**
 * Parses one reply document into its root element.
 * Throws XmlReplyError: `unsafe` for DOCTYPE/entity declarations, nesting beyond MAX_XML_DEPTH or
 * more than MAX_XML_ATTRIBUTES attributes on an element, `malformed` for anything that is not one
 * well-formed XML 1.0 element.
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
  /**
   * Of the search for declarations and of the reader (about 15 ns a character of a subscriber
   * reply), which stops wherever the slice ends: inside a text run, a tag, a name or a reference.
   */
  readonly read: number;
}

/** A few milliseconds of work per turn: 1 Mi characters scanned, 64 Ki characters read. */
export const XML_SLICES: XmlSlices = { scan: 1 << 20, read: 64 << 10 };

/**
 * parseXml for a large document: the same checks, the same result or error, but the search for
 * declarations, the forbidden character scan and the reader go a slice at a time, the event loop
 * free between slices (setImmediate), so other requests are served while a multi-megabyte reply
 * is read, whatever its shape. `turn` is what happens between slices (setImmediate by default; a
 * caller can end the read from it by throwing, as decodeReplyInSlices does for an aborted call).
 */
export async function parseXmlInSlices(
  xml: string,
  slices: XmlSlices = XML_SLICES,
  turn: () => Promise<unknown> = nextTurn,
): Promise<XmlElement> {
  const declarations = new DeclarationScan(xml);
  for (;;) {
    const declared = declarations.run(declarations.next + slices.read);
    if (declared === true) throw new XmlReplyError("unsafe", "the reply declares a DOCTYPE");
    if (declared === false) break;
    await turn();
  }
  for (let from = 0; from < xml.length;) {
    let to = Math.min(xml.length, from + slices.scan);
    // A surrogate pair is scanned whole: its halves apart would each look lone.
    if (to < xml.length && isHighSurrogate(xml.charCodeAt(to - 1))) to += 1;
    if (FORBIDDEN_XML_CHAR.test(xml.slice(from, to))) {
      throw new XmlReplyError("malformed", "the reply holds a character XML forbids");
    }
    from = to;
    if (from < xml.length) await turn();
  }
  const reader = new XmlReader(xml);
  while (!reader.read(reader.at + slices.read)) await turn();
  return reader.root;
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;

/** The first child element with that local name. */
export function childNamed(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}
