/**
 * The reply reader's own scans stay linear on hostile text as large as the response cap allows:
 * unterminated CDATA (which made a lazy pattern quadratic), DOCTYPE after them, endless
 * references, deep nesting. Each must become its typed error quickly; the bound is generous, the
 * point is linear against quadratic (the quadratic reader took 10 s at 1 MB).
 */
import { describe, expect, it } from "vitest";
import { operation } from "../../../src/backends/legacy/catalog.js";
import { decodeReply } from "../../../src/backends/legacy/codec.js";
import { LegacyError } from "../../../src/backends/legacy/errors.js";
import { redactorFor } from "../../../src/util/redact.js";
import { decodeXmlReferences, parseXml, XmlReferenceError, XmlReplyError } from "../../../src/backends/legacy/xml.js";

/** The default LEGACY_MAX_RESPONSE_BYTES. */
const CAP = 8 * 1024 * 1024;
/**
 * Far above linear work on CAP-sized text on a loaded machine, far below quadratic work (which on
 * 8 MiB runs for minutes): the bound tells the two apart, it does not measure speed.
 */
const BOUND_MS = 10_000;

/** `prefix`, `unit` repeated, `suffix`: exactly CAP characters or just under. */
function fill(unit: string, prefix = "", suffix = ""): string {
  return prefix + unit.repeat(Math.floor((CAP - prefix.length - suffix.length) / unit.length)) + suffix;
}

function timed<T>(fn: () => T): { ms: number; error: unknown; value: T | undefined } {
  const start = performance.now();
  try {
    const value = fn();
    return { ms: performance.now() - start, error: undefined, value };
  } catch (error) {
    return { ms: performance.now() - start, error, value: undefined };
  }
}

describe("parseXml on cap-sized hostile text", () => {
  // Shapes that the reader's own scans decide (fast-xml-parser's validator is linear but slower
  // per byte, so shapes only it rejects are left to its own tests).
  const cases: [string, () => string, "unsafe" | "malformed"][] = [
    ["only unterminated CDATA openings", () => fill("<![CDATA["), "malformed"],
    ["unterminated CDATA openings inside a root", () => fill("<![CDATA[", "<ArrayOfList>"), "malformed"],
    [
      "a DOCTYPE behind unterminated CDATA openings",
      () => fill("<![CDATA[", "", "<!DOCTYPE x [<!ENTITY a 'b'>]>"),
      "unsafe",
    ],
    [
      "CDATA openings closed once, far away, then a DOCTYPE",
      () => fill("<![CDATA[", "<a>", "]]></a><!DOCTYPE x>"),
      "unsafe",
    ],
    ["declaration-like openings that never say DOCTYPE", () => fill("<!DOCTYP", "<a>"), "malformed"],
    ["nesting without end", () => fill("<List>"), "unsafe"],
  ];

  it.each(cases)("%s → %s within the bound", (_name, make, kind) => {
    const xml = make();
    expect(xml.length).toBeGreaterThan(CAP - 64);
    const { ms, error } = timed(() => parseXml(xml));
    expect(error).toBeInstanceOf(XmlReplyError);
    expect((error as XmlReplyError).kind).toBe(kind);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it("still reads CDATA before and after a terminated section, and refuses a DOCTYPE outside one", () => {
    expect(parseXml("<a><![CDATA[<!DOCTYPE x>]]>t<![CDATA[&amp;]]></a>").text).toBe("<!DOCTYPE x>t&amp;");
    expect(() => parseXml("<![CDATA[x]]><!doctype a><a/>")).toThrow(expect.objectContaining({ kind: "unsafe" }));
    expect(() => parseXml("<a><![CDATA[x]]></a><!ENTITY e 'v'>")).toThrow(expect.objectContaining({ kind: "unsafe" }));
  });
});

describe("the worst case through the client's reply decoder", () => {
  it("8 MiB of unterminated CDATA → LEGACY_MALFORMED_REPLY within the bound", () => {
    const body = Buffer.from(fill("<![CDATA["), "utf8");
    const { ms, error } = timed(() =>
      decodeReply(
        operation("Client.GetLists"),
        { status: 200, contentType: "text/xml; charset=utf-8", body },
        { sent: [], redact: redactorFor("secret-key") },
      ),
    );
    expect(error).toBeInstanceOf(LegacyError);
    expect((error as LegacyError).code).toBe("LEGACY_MALFORMED_REPLY");
    expect(ms).toBeLessThan(BOUND_MS);
  });
});

describe("decodeXmlReferences", () => {
  it("decodes each reference exactly once", () => {
    expect(decodeXmlReferences("a &amp;lt; &#x41;&#66;&#x1F600; &quot;&apos;&gt;")).toBe("a &lt; AB\u{1F600} \"'>");
    expect(decodeXmlReferences("&#0000000065;")).toBe("A");
  });

  it.each([
    ["&constructor;", "undeclared-entity"],
    ["&__proto__;", "bare-ampersand"],
    ["a & b", "bare-ampersand"],
    ["&#X41;", "bare-ampersand"],
    ["&#x;", "bare-ampersand"],
    ["&#0;", "forbidden-character"],
    ["&#xD800;", "forbidden-character"],
    ["&#x110000;", "forbidden-character"],
    ["&#99999999999999999999;", "forbidden-character"],
  ])("refuses %s (%s)", (raw, fault) => {
    expect(() => decodeXmlReferences(raw)).toThrow(expect.objectContaining({ fault, kind: "malformed" }));
  });

  it("stays linear on cap-sized reference text", () => {
    const shapes: [string, boolean][] = [
      [fill("&amp;"), true],
      [fill("&#x41;"), true],
      [fill("a", "&"), false], // one name that never ends in ";"
      [fill("1", "&#"), false],
      [fill("f", "&#x"), false],
    ];
    for (const [raw, ok] of shapes) {
      const { ms, error, value } = timed(() => decodeXmlReferences(raw));
      if (ok) expect(value?.length).toBeGreaterThan(0);
      else expect(error).toBeInstanceOf(XmlReferenceError);
      expect(ms).toBeLessThan(BOUND_MS);
    }
  });
});
