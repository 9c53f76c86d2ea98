/**
 * Just enough HTML reading for the template checks: comments apart from visible markup, and the
 * tags of the visible markup with their attributes. Not an HTML parser: templates are checked
 * for the presence and order of tags, which a tag scanner answers exactly.
 */

/** One start, end or self-closing tag of the visible markup. */
export interface MarkupTag {
  /** Lower-cased tag name (`cm-repeater`, `a`, `img`). */
  name: string;
  closing: boolean;
  selfClosing: boolean;
  /** Lower-cased attribute names; a value-less attribute maps to "". */
  attrs: ReadonlyMap<string, string>;
  /** Offsets of `<` and just past `>` in the visible markup. */
  start: number;
  end: number;
}

/** A template split into its visible markup and the bodies of its HTML comments. */
export interface TemplateMarkup {
  /** The HTML with every comment replaced by one space. */
  visible: string;
  comments: string[];
  tags: MarkupTag[];
}

// An unterminated comment runs to the end of the document, as browsers read it.
const COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;
// A tag: name, then attribute text in which quoted values may hold ">".
const TAG = /<(\/?)([a-zA-Z][\w:.-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTR = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Reads the comments and tags of `html`. */
export function readMarkup(html: string): TemplateMarkup {
  const comments: string[] = [];
  const visible = html.replace(COMMENT, (_all, body: string) => {
    comments.push(body);
    return " ";
  });
  const tags: MarkupTag[] = [];
  for (const m of visible.matchAll(TAG)) {
    const [raw, slash, name, attrText] = m;
    if (name === undefined || attrText === undefined) continue;
    const start = m.index ?? 0;
    const trimmedAttrs = attrText.trimEnd();
    const selfClosing = slash === "" && trimmedAttrs.endsWith("/");
    tags.push({
      name: name.toLowerCase(),
      closing: slash === "/",
      selfClosing,
      attrs: readAttributes(selfClosing ? trimmedAttrs.slice(0, -1) : trimmedAttrs),
      start,
      end: start + raw.length,
    });
  }
  return { visible, comments, tags };
}

function readAttributes(text: string): ReadonlyMap<string, string> {
  const attrs = new Map<string, string>();
  for (const m of text.matchAll(ATTR)) {
    const [, rawName, doubleQuoted, singleQuoted, bare] = m;
    if (rawName === undefined) continue;
    const name = rawName.toLowerCase();
    // The first occurrence wins, as in HTML.
    if (!attrs.has(name)) attrs.set(name, doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return attrs;
}

const ENTITIES: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The text of a stretch of markup: tags removed, common entities decoded, whitespace collapsed. */
export function textOf(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
      if (ref[0] !== "#") return ENTITIES[ref.toLowerCase()] ?? all;
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
    .replace(/\s+/g, " ")
    .trim();
}
