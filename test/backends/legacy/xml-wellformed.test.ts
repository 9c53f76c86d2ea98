/**
 * The reply reader's well-formedness checks. fast-xml-parser's parser accepts every document of
 * the first table silently (its separate XMLValidator pass used to refuse them); the reader now
 * refuses each itself, in the pass that builds the tree. Documents that are well-formed read to
 * the same tree the validator-and-parser pair produced.
 */
import fc from "fast-check";
import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  createSafeXmlParser,
  decodeXmlReferences,
  MAX_XML_ATTRIBUTES,
  MAX_XML_DEPTH,
  parseXml,
  parseXmlInSlices,
  XmlReplyError,
  type XmlElement,
} from "../../../src/backends/legacy/xml.js";

function refusal(xml: string): XmlReplyError {
  try {
    parseXml(xml);
  } catch (error) {
    if (error instanceof XmlReplyError) return error;
    throw error;
  }
  throw new Error(`accepted: ${xml}`);
}

describe("parseXml refuses what is not well-formed", () => {
  const broken: [string, string][] = [
    ["an element never closed", "<a><b>"],
    ["a root never closed", "<a>text"],
    ["a mismatched end tag", "<a><b></c></a>"],
    ["a mismatched root end tag", "<a></b>"],
    ["an end tag after the root", "<a></a></b>"],
    ["an end tag of no open element", "<a></b></a>"],
    ["an end tag that starts with the open name", "<a><ab></abc></a>"],
    ["an end tag that stops inside the open name", "<a><abc></ab></a>"],
    ["an end tag of another prefix", "<p:a></q:a>"],
    ["an end tag without the open name's prefix", "<p:a></a>"],
    ["an end tag cut off after the open name", "<a><b></b"],
    ["overlapping elements", "<a><b></a></b>"],
    ["a < in text", "<a>1 < 2</a>"],
    ["]]> in text", "<a>x]]>y</a>"],
    ["an unquoted attribute", "<a x=1></a>"],
    ["an attribute without a value", "<a x></a>"],
    ["an attribute twice", '<a x="1" x="2"></a>'],
    ["attributes without space between them", '<a x="1"y="2"></a>'],
    ["a < in an attribute value", '<a x="<"></a>'],
    ["an unterminated attribute value", '<a x="1></a>'],
    ["a name starting with a digit", "<1a></1a>"],
    ["a space before the name", "< a></a>"],
    ["an empty end tag", "<a></></a>"],
    ["an end tag with an attribute", '<a></a x="1">'],
    ["a space inside the end tag's name", "<a></ a>"],
    ["a / inside a start tag", "<a / >"],
    ["an unterminated start tag", "<a><b</a>"],
    ["an unterminated comment", "<a><!-- x</a>"],
    ["an unterminated CDATA section", "<a><![CDATA[x</a>"],
    ["an unterminated processing instruction", "<a><?pi x</a>"],
    ["an unterminated XML declaration", '<?xml version="1.0"'],
    ["an XML declaration after a space", ' <?xml version="1.0"?><a></a>'],
    ["an XML declaration after the root", '<a></a><?xml version="1.0"?>'],
    ["another markup declaration", "<a><!FOO></a>"],
    ["text before the root", "x<a></a>"],
    ["text after the root", "<a></a>x"],
    ["two roots", "<a></a><b></b>"],
    ["CDATA outside the root", "<a></a><![CDATA[x]]>"],
    ["a declaration and no root", '<?xml version="1.0"?>'],
    ["only a comment", "<!-- x -->"],
    ["a bare &", "<a>&</a>"],
    ["an undeclared entity in an attribute", '<a x="&nbsp;"></a>'],
  ];

  it.each(broken)("%s → malformed", (_why, xml) => {
    expect(refusal(xml).kind).toBe("malformed");
  });

  it("names both tags of a mismatched end tag", () => {
    expect(refusal("<a><ab></abc></a>").message).toContain("</abc> where </ab> was expected");
    expect(refusal("<p:a></a>").message).toContain("</a> where </p:a> was expected");
  });

  it("refuses a DOCTYPE as unsafe, also after other faults", () => {
    expect(refusal("<!DOCTYPE a><a></a>").kind).toBe("unsafe");
    expect(refusal("<a><!doctype a></a>").kind).toBe("unsafe");
    expect(refusal("<a></b><!ENTITY x 'y'>").kind).toBe("unsafe");
  });

  it("refuses nesting beyond MAX_XML_DEPTH as unsafe and reads it up to the bound", () => {
    const nested = (n: number) => `${"<a>".repeat(n)}${"</a>".repeat(n)}`;
    expect(refusal(nested(MAX_XML_DEPTH + 1)).kind).toBe("unsafe");
    let depth = 0;
    for (let e: XmlElement | undefined = parseXml(nested(MAX_XML_DEPTH)); e; e = e.children[0]) depth++;
    expect(depth).toBe(MAX_XML_DEPTH);
  });
});

describe("error messages quote at most 64 characters of the reply", () => {
  const long = "n".repeat(100_000);
  it.each([
    ["an unclosed element", `<${long}>`],
    ["a mismatched end tag", `<a></${long}>`],
    ["a repeated attribute", `<a ${long}="1" ${long}="2"/>`],
    ["an attribute without a value", `<a ${long}/>`],
    ["an undeclared entity", `<a>&${long};</a>`],
  ])("%s with a 100,000-character name", (_, xml) => {
    const { message } = refusal(xml);
    expect(message).toContain(`${"n".repeat(64)}… (100000 characters)`);
    expect(message.length).toBeLessThan(200);
  });
});

describe("attributes per element", () => {
  const element = (n: number, name = (i: number) => `a${i}`) => {
    let attrs = "";
    for (let i = 0; i < n; i++) attrs += ` ${name(i)}="v"`;
    return `<r${attrs}/>`;
  };

  it(`reads ${MAX_XML_ATTRIBUTES} and refuses one more as unsafe, in one go and in slices alike`, async () => {
    expect(MAX_XML_ATTRIBUTES).toBe(64);
    expect(Object.keys(parseXml(element(MAX_XML_ATTRIBUTES)).attributes)).toHaveLength(MAX_XML_ATTRIBUTES);
    const over = element(MAX_XML_ATTRIBUTES + 1);
    expect(refusal(over)).toMatchObject({
      kind: "unsafe",
      message: `the reply gives an element more than ${MAX_XML_ATTRIBUTES} attributes`,
    });
    for (const read of [1, 7, 64 << 10]) {
      await expect(parseXmlInSlices(over, { scan: read, read })).rejects.toMatchObject({
        kind: "unsafe",
        message: `the reply gives an element more than ${MAX_XML_ATTRIBUTES} attributes`,
      });
    }
  });

  it("counts namespace declarations, which the tree leaves out", () => {
    const declarations = element(MAX_XML_ATTRIBUTES, (i) => `xmlns:p${i}`);
    expect(parseXml(declarations).attributes).toEqual({});
    expect(refusal(declarations.replace("<r", '<r a="1"')).kind).toBe("unsafe");
  });

  it("refuses an element of 650,000 attributes (7.7 MB) before reading more than the 65th", () => {
    const bomb = element(650_000);
    expect(bomb.length).toBeGreaterThan(7 * 1024 * 1024);
    expect(refusal(bomb).kind).toBe("unsafe");
    // The 65th attribute is where reading stops: everything after it may be anything at all.
    const cut = bomb.indexOf(" a65=");
    expect(refusal(`${bomb.slice(0, cut)} a65="v" <<< not even XML`).kind).toBe("unsafe");
  });
});

describe("parseXml reads well-formed documents", () => {
  it("takes a BOM, the declaration, comments and processing instructions around the root", () => {
    const xml =
      '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- c --><?pi data?>\n<r a=\'1\'><b/></r >\n<!-- end -->';
    expect(parseXml(xml)).toEqual({
      name: "r",
      attributes: { a: "1" },
      children: [{ name: "b", attributes: {}, children: [], text: "" }],
      text: "",
    });
  });

  it("drops namespace declarations and prefixes, keeps CDATA literal and decodes references once", () => {
    const xml =
      '<s:Envelope xmlns:s="urn:s" xmlns="urn:d"><s:Body x:type="t" xmlns:x="urn:x">' +
      "&amp;lt; <![CDATA[&amp; <b>]]> &#x41;&#66;</s:Body></s:Envelope>";
    const body = parseXml(xml).children[0]!;
    expect(body).toMatchObject({ name: "Body", attributes: { type: "t" }, text: "&lt; &amp; <b> AB" });
  });

  // The reader against fast-xml-parser's validator and parser, on generated documents.
  const name = fc.constantFrom("a", "b", "soap:Body", "x.y", "_z", "Item-1", "ñame");
  const text = fc
    .array(fc.constantFrom("x", " ", "\n", "&amp;", "&lt;", "&#233;", "&#x1F600;", ">", "é", '"', "'"), {
      maxLength: 6,
    })
    .map((parts) => parts.join(""));
  const attribute = fc.tuple(fc.constantFrom("id", "xsi:type", "xmlns", "xmlns:p", "v"), text);
  type Tree = { name: string; attributes: [string, string][]; content: (Tree | string)[] };
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
    node: fc.record({
      name,
      attributes: fc.uniqueArray(attribute, { selector: ([n]) => n, maxLength: 3 }),
      content: fc.array(
        fc.oneof(
          { depthSize: "small", withCrossShrink: true },
          text,
          text.map((t) => `<![CDATA[${t}]]>`),
          fc.constant("<!-- note -->"),
          tie("node"),
        ),
        { maxLength: 4 },
      ),
    }),
  })).node;
  const render = (t: Tree): string => {
    const attrs = t.attributes.map(([n, v]) => ` ${n}="${v.replace(/"/g, "&quot;")}"`).join("");
    const inner = t.content.map((c) => (typeof c === "string" ? c : render(c))).join("");
    return inner === "" ? `<${t.name}${attrs}/>` : `<${t.name}${attrs}>${inner}</${t.name}>`;
  };

  it("gives the tree fast-xml-parser gave after its validator, for any generated document", () => {
    fc.assert(
      fc.property(tree, fc.boolean(), (t, declared) => {
        const xml = `${declared ? '<?xml version="1.0"?>\n' : ""}${render(t)}`;
        expect(XMLValidator.validate(xml)).toBe(true);
        expect(parseXml(xml)).toEqual(referenceRead(xml));
      }),
      { numRuns: 300 },
    );
  });
});

/** What the reader did before: XMLValidator, then fast-xml-parser in ordered mode, then a tree walk. */
type OrderedNode = Record<string, unknown> & { ":@"?: Record<string, string> };
const reference = createSafeXmlParser(MAX_XML_DEPTH + 2);
const localName = (n: string) => n.slice(n.indexOf(":") + 1);

function referenceRead(xml: string): XmlElement {
  const nodes = reference.parse(xml) as OrderedNode[];
  const root = nodes.find((node) => Object.keys(node).some((k) => k !== ":@" && k !== "#text"));
  const key = Object.keys(root!).find((k) => k !== ":@")!;
  return toElement(key, root!);
}

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
    else if (key === "#cdata") for (const part of child[key] as { "#text"?: string }[]) text += part["#text"] ?? "";
    else children.push(toElement(key, child));
  }
  if (children.length > 0 && text.trim() === "") text = "";
  return { name: localName(name), attributes, children, text };
}
