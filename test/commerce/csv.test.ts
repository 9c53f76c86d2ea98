/** CSV reading of export results: quoting, line endings, malformed input, and a round trip. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCsv, readCsvRecords } from "../../src/backends/commerce/csv.js";

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

describe("readCsvRecords", () => {
  const read = (text: string, chunkChars?: number, maxRows = 1000) =>
    readCsvRecords(text, ["email", "status"], { maxRows, chunkChars });

  it("maps rows by header names, whatever the column order", async () => {
    expect(await read('status,email\nsubscribed,"a@x.io"\n')).toEqual([{ email: "a@x.io", status: "subscribed" }]);
  });

  it("refuses a missing column, ragged rows, no header and more rows than allowed", async () => {
    await expect(read("email\na@x.io\n")).rejects.toThrow(/status/);
    await expect(read("email,status\na@x.io\n")).rejects.toThrow(/row 1/);
    await expect(read("")).rejects.toThrow(/no header/);
    await expect(read("email,status\na@x.io,s\nb@x.io,s\nc@x.io,s\n", undefined, 2)).rejects.toThrow(
      /more than 2 rows/,
    );
    expect(await read("email,status\na@x.io,s\nb@x.io,s\n", undefined, 2)).toHaveLength(2);
  });

  it("reads the same rows whatever the chunks the text is cut into, quotes and line breaks across them", () =>
    fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom("a", ",", '"', "\n", "\r", "@", "é") }), {
            minLength: 2,
            maxLength: 2,
          }),
        ),
        fc.integer({ min: 1, max: 7 }),
        async (rows, chunkChars) => {
          const text = writeCsv([["email", "status"], ...rows], "\r\n");
          const expected = rows.map(([email = "", status = ""]) => ({ email, status }));
          expect(await read(text, chunkChars)).toEqual(expected);
        },
      ),
    ));

  it("lets other work run while it parses a large text", async () => {
    const text = "email,status\n" + "a@x.io,subscribed\n".repeat(20_000);
    let turns = 0;
    let parsing = true;
    const tick = (): void => {
      if (!parsing) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const rows = await read(text, 4096, 100_000);
    parsing = false;
    expect(rows).toHaveLength(20_000);
    // 360 KB in 4 KiB chunks: the loop turned between them (a synchronous parse lets it turn never).
    expect(turns).toBeGreaterThan(50);
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
