/**
 * parseXmlInSlices stops wherever a slice ends (inside a text run, a name, a start tag, an
 * attribute value or a reference), so a reply of one hostile construct is read over many turns of
 * the event loop rather than in one; and stopping anywhere changes nothing: every document gives
 * the same tree, or the same error, as parseXml, whatever the slice size.
 *
 * Turns are counted, not timed. The documents here hold no `<!` markup but one section at most,
 * so the search for declarations takes no turn of its own, and the scan for forbidden characters
 * takes one slice (`scan: Infinity`): every turn counted is the reader's.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_XML_ATTRIBUTES, parseXml, parseXmlInSlices, XmlReplyError } from "../../../src/backends/legacy/xml.js";

/** Characters the reader may handle per turn in these tests. */
const READ = 16 << 10;
const SIZE = 1 << 20;

type Outcome =
  { tree: unknown } | { error: { name: string; kind: string; message: string; fault?: string; entity?: string } };

function errorOutcome(error: unknown): Outcome {
  if (!(error instanceof XmlReplyError)) throw error;
  const { name, kind, message } = error;
  const { fault, entity } = error as { fault?: string; entity?: string };
  return { error: { name, kind, message, ...(fault ? { fault } : {}), ...(entity ? { entity } : {}) } };
}

function whole(xml: string): Outcome {
  try {
    return { tree: parseXml(xml) };
  } catch (error) {
    return errorOutcome(error);
  }
}

/** The outcome of parseXmlInSlices, and the turns it took. */
async function sliced(xml: string, read: number, scan = Number.POSITIVE_INFINITY) {
  let turns = 0;
  const turn = () => {
    turns += 1;
    return Promise.resolve();
  };
  let outcome: Outcome;
  try {
    outcome = { tree: await parseXmlInSlices(xml, { scan, read }, turn) };
  } catch (error) {
    outcome = errorOutcome(error);
  }
  return { outcome, turns };
}

/** `unit` repeated to about SIZE characters. */
const fill = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length));

describe("a document of one long construct is read a slice per turn", () => {
  // Each was read in a single turn before (one start tag, one text run, one name, ...).
  const shapes: [string, string][] = [
    ["a text run of entity references", `<a>${fill("&amp;")}</a>`],
    ["a text run of character references", `<a>${fill("&#x41;&#66;")}</a>`],
    ["a text run of plain text", `<a>${fill("x")}</a>`],
    ["whitespace between child elements", `<a><b/>${fill(" \n")}<b/></a>`],
    ["one character reference padded with zeros", `<a>&#${fill("0")}65;</a>`],
    ["an attribute value of character references", `<a v="${fill("&#x41;")}"/>`],
    ["an attribute value of entity references", `<a v='${fill("&lt;")}'/>`],
    ["an attribute value of plain text", `<a v="${fill("x")}"/>`],
    ["one reference padded with zeros in an attribute value", `<a v="&#x${fill("0")}41;"/>`],
    [
      `${MAX_XML_ATTRIBUTES} attributes of references`,
      `<a${Array.from({ length: MAX_XML_ATTRIBUTES }, (_, i) => ` a${i}="${"&amp;".repeat(SIZE / MAX_XML_ATTRIBUTES / 5)}"`).join("")}/>`,
    ],
    ["an element name", `<a${fill("b")}/>`],
    ["an element name, opened and closed", `<a${fill("b")}></a${fill("b")}>`],
    ["an attribute name", `<a b${fill("c")}="x"/>`],
    ["whitespace inside a start tag", `<a${fill(" ")}/>`],
    ["whitespace inside an end tag", `<a></a${fill(" ")}>`],
    ["a processing instruction", `<a><?p ${fill("x")}?></a>`],
    ["a processing instruction's target", `<a><?p${fill("x")}?></a>`],
    ["a comment", `<a><!--${fill("x")}--></a>`],
    ["a CDATA section", `<a><![CDATA[${fill("x")}]]></a>`],
    ["processing instructions before the root", `${fill("<?p?>")}<a/>`],
    ["processing instructions after the root", `<a/>${fill("<?p?>")}`],
    ["whitespace before the root", `${fill(" ")}<a/>`],
    ["the XML declaration", `<?xml version="1.0"${fill(" ")}?><a/>`],
  ];

  it.each(shapes)("%s: about a turn per slice, the same tree", async (_shape, xml) => {
    const { outcome, turns } = await sliced(xml, READ);
    expect(outcome).toEqual(whole(xml));
    expect("tree" in outcome).toBe(true);
    // A turn per READ characters (a few characters more at most): not one turn for the whole.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(xml.length / READ) - 2);
  });

  // Refused only at the end: the error is the same, and reading up to it took as many turns.
  const refused: [string, string][] = [
    ["an undeclared entity with a name of a megabyte", `<a>${fill("x")}&${fill("n")};</a>`],
    ["a character reference out of range after a megabyte of digits", `<a v="&#${fill("9")};"/>`],
    ["a bare & at the end of a long attribute value", `<a v="${fill("&amp;")}&"/>`],
    ["]]> at the end of a long text run", `<a>${fill("&amp;")}]]></a>`],
    ["a mismatched end tag after a long name", `<a${fill("b")}></a${fill("b")}c>`],
    ["a long text run never closed", `<a>${fill("x")}`],
  ];

  it.each(refused)("%s: the same error", async (_shape, xml) => {
    const { outcome } = await sliced(xml, READ);
    expect(outcome).toEqual(whole(xml));
    expect("error" in outcome).toBe(true);
  });

  it("an element of 650,000 attributes is refused within the first slices", async () => {
    let attrs = "";
    for (let i = 0; i < 650_000; i++) attrs += ` a${i}="x"`;
    const xml = `<ArrayOfClient><Client${attrs}><ClientID>1</ClientID></Client></ArrayOfClient>`;
    const { outcome, turns } = await sliced(xml, READ);
    expect(outcome).toEqual(whole(xml));
    expect(outcome).toMatchObject({ error: { kind: "unsafe" } });
    expect(turns).toBeLessThanOrEqual(1);
  });
});

describe("stopping anywhere changes nothing", () => {
  const documents = [
    '\uFEFF<?xml version="1.0" encoding="utf-8"?>\n<!-- c --><?pi data?>\n<r a=\'1\' b = "&amp;&#x41;"><b/></r >\n<!-- e -->',
    '<s:Envelope xmlns:s="urn:s" xmlns="urn:d"><s:Body x:type="t" xmlns:x="urn:x">&amp;lt; <![CDATA[&amp; <b>]]> &#x41;&#66;</s:Body></s:Envelope>',
    "<a>\n  <b>x</b>\n  <!-- between -->\n  <c/>\n</a>",
    "<a>&#0000065;&#x0000041;&#x1F600;&quot;&apos;&gt;&lt;</a>",
    "<a> \u00a0 <b/> \u2028 </a>",
    "<a><b></b ><c   /></a>",
    // Refused, each at a different step.
    "<a><b></c></a>",
    "<a><ab></abc></a>",
    "<a><abc></ab></a>",
    '<a x="1"y="2"/>',
    '<a x="1" x="2"/>',
    '<a x="<"/>',
    '<a x="&nbsp;"/>',
    "<a>&#0;</a>",
    "<a>&#x110000;</a>",
    "<a>&;</a>",
    "<a>&#x;</a>",
    "<a>1 < 2</a>",
    "<a>x]]>y</a>",
    "<a><?xml x?></a>",
    "<a><?pi",
    "<a><!-- x</a>",
    "<a><![CDATA[x</a>",
    "<a><!FOO></a>",
    "<a></a>x",
    "<a/><b/>",
    "x<a/>",
    "<a / >",
    "<a><b</a>",
    "<a></a",
    '<?xml version="1.0"',
    "<!-- only -->",
    `<r${Array.from({ length: MAX_XML_ATTRIBUTES + 1 }, (_, i) => ` a${i}="v"`).join("")}/>`,
    `${"<a>".repeat(65)}${"</a>".repeat(65)}`,
  ];

  it.each(documents.map((xml) => [xml]))("%j, in slices of every size from 1 to 16", async (xml) => {
    const expected = whole(xml);
    for (let size = 1; size <= 16; size++) {
      expect((await sliced(xml, size, size)).outcome).toEqual(expected);
    }
  });

  // Generated documents, well-formed or not: a tree of elements with attributes, text with
  // references, CDATA, comments and processing instructions, then edited at random.
  const name = fc.constantFrom("a", "b", "soap:Body", "x.y", "_z", "Item-1", "ñame", "xmlns");
  const piece = fc.constantFrom(
    "x",
    " ",
    "\n",
    "&amp;",
    "&lt;",
    "&#233;",
    "&#x1F600;",
    "&#0065;",
    "&nbsp;",
    "&",
    ">",
    "é",
    "😀",
    "]]>",
  );
  const text = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(""));
  const attribute = fc.tuple(fc.constantFrom("id", "xsi:type", "xmlns", "xmlns:p", "v"), text);
  type Tree = { name: string; attributes: [string, string][]; content: (Tree | string)[] };
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ node: Tree }>((tie) => ({
    node: fc.record({
      name,
      attributes: fc.array(attribute, { maxLength: 3 }),
      content: fc.array(
        fc.oneof(
          { depthSize: "small", withCrossShrink: true },
          text,
          text.map((t) => `<![CDATA[${t}]]>`),
          fc.constant("<!-- note -->"),
          fc.constant("<?pi data?>"),
          tie("node"),
        ),
        { maxLength: 4 },
      ),
    }),
  })).node;
  const render = (t: Tree): string => {
    const attrs = t.attributes.map(([n, v], i) => ` ${n}${i % 2 ? " = " : "="}"${v.replace(/"/g, "&quot;")}"`).join("");
    const inner = t.content.map((c) => (typeof c === "string" ? c : render(c))).join("");
    return inner === "" ? `<${t.name}${attrs}/>` : `<${t.name}${attrs}>${inner}</${t.name} >`;
  };
  const edit = fc.tuple(fc.nat(), fc.constantFrom("", "<", ">", "&", ";", "/", '"', "'", "=", "!", " ", "x", "-"));

  it("gives parseXml's outcome for any generated document, edited or not, in slices of any size", async () => {
    await fc.assert(
      fc.asyncProperty(
        tree,
        fc.array(edit, { maxLength: 3 }),
        fc.integer({ min: 1, max: 24 }),
        async (t, edits, size) => {
          let xml = `<?xml version="1.0"?>\n${render(t)}`;
          for (const [at, insert] of edits) {
            const i = at % (xml.length + 1);
            // An empty insert deletes the character there.
            xml = insert === "" ? xml.slice(0, i) + xml.slice(i + 1) : xml.slice(0, i) + insert + xml.slice(i);
          }
          expect((await sliced(xml, size, size)).outcome).toEqual(whole(xml));
        },
      ),
      { numRuns: 400 },
    );
  });
});
