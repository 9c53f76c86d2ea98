/** CSV reading of export results: quoting, line endings, malformed input, and a round trip. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvRecords, parseCsv } from "../../src/backends/commerce/csv.js";

// Writes fields the RFC 4180 way, quoting only when needed, as an independent oracle.
const writeField = (f: string) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f);
const writeCsv = (rows: string[][], eol: string) => rows.map((r) => r.map(writeField).join(",")).join(eol) + eol;

describe("parseCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    const text = 'email,status\r\n"a,b@example.com",subscribed\r\n"say ""hi""@example.com","pen\nding"\r\n';
    expect(parseCsv(text)).toEqual([
      ["email", "status"],
      ["a,b@example.com", "subscribed"],
      ['say "hi"@example.com', "pen\nding"],
    ]);
  });

  it("accepts LF endings, a missing final line break, empty fields and a BOM", () => {
    expect(parseCsv("\uFEFFemail,status\nx@y.z,\n,pending")).toEqual([
      ["email", "status"],
      ["x@y.z", ""],
      ["", "pending"],
    ]);
  });

  it("refuses an unterminated quote and text after a closing quote", () => {
    expect(() => parseCsv('email\n"open')).toThrow(/unterminated/);
    expect(() => parseCsv('email\n"a"b')).toThrow(/after a closing quote/);
    expect(() => parseCsv('email\na"b"')).toThrow(/quote inside/);
  });

  it("reads back whatever a correct writer wrote", () => {
    const field = fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r", " ", "é", "@") });
    const rows = fc.array(fc.array(field, { minLength: 2, maxLength: 2 }), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(rows, fc.constantFrom("\n", "\r\n"), (r, eol) => {
        // A lone empty field on a row cannot be told from a blank line; two columns avoid that.
        expect(parseCsv(writeCsv(r, eol))).toEqual(r);
      }),
    );
  });
});

describe("csvRecords", () => {
  it("maps rows by header names, whatever the column order", () => {
    expect(csvRecords('status,email\nsubscribed,"a@x.io"\n', ["email", "status"])).toEqual([
      { email: "a@x.io", status: "subscribed" },
    ]);
  });

  it("refuses a missing column and ragged rows", () => {
    expect(() => csvRecords("email\na@x.io\n", ["email", "status"])).toThrow(/status/);
    expect(() => csvRecords("email,status\na@x.io\n", ["email", "status"])).toThrow(/row 1/);
  });
});

describe("malformed CSV errors", () => {
  it("name the fault and line, not the field's text", () => {
    const error = (() => {
      try {
        parseCsv('email\nsecret-address@x.io"b"\n');
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error?.name).toBe("CsvFormatError");
    expect(error?.message).toBe("quote inside an unquoted field at line 2");
  });
});
