/** CSV reading of export results: quoting, line endings, malformed input, a round trip, chunks and bounds. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCsvRecords } from "../../../src/backends/commerce/csv.js";

// Writes fields the RFC 4180 way, quoting only when needed, as an independent oracle.
const writeField = (f: string) => (/[",\r\n]/.test(f) ? `"${f.replaceAll('"', '""')}"` : f);
const writeCsv = (rows: string[][], eol: string) => rows.map((r) => r.map(writeField).join(",")).join(eol) + eol;

describe("readCsvRecords: RFC 4180", () => {
  const read = (text: string) => readCsvRecords(text, ["email", "status"], { maxRows: 1000 });

  it("reads quoted fields with commas, doubled quotes and line breaks", async () => {
    const text = 'email,status\r\n"a,b@example.com",subscribed\r\n"say ""hi""@example.com","pen\nding"\r\n';
    expect(await read(text)).toEqual([
      { email: "a,b@example.com", status: "subscribed" },
      { email: 'say "hi"@example.com', status: "pen\nding" },
    ]);
  });

  it("accepts LF endings, a missing final line break, empty fields and a BOM", async () => {
    expect(await read("\uFEFFemail,status\nx@y.z,\n,pending")).toEqual([
      { email: "x@y.z", status: "" },
      { email: "", status: "pending" },
    ]);
  });

  it("refuses an unterminated quote and text after a closing quote", async () => {
    await expect(read('email,status\n"open')).rejects.toThrow(/unterminated/);
    await expect(read('email,status\n"a"b,s')).rejects.toThrow(/after a closing quote/);
    await expect(read('email,status\na"b",s')).rejects.toThrow(/quote inside/);
  });

  it("reads back whatever a correct writer wrote", () =>
    fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom("a", "b", ",", '"', "\n", "\r", " ", "é", "@") }), {
            minLength: 2,
            maxLength: 2,
          }),
          { minLength: 1, maxLength: 8 },
        ),
        fc.constantFrom("\n", "\r\n"),
        async (rows, eol) => {
          // A lone empty field on a row cannot be told from a blank line; two columns avoid that.
          expect(await read(writeCsv([["email", "status"], ...rows], eol))).toEqual(
            rows.map(([email = "", status = ""]) => ({ email, status })),
          );
        },
      ),
    ));
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
  it("name the fault and line, not the field's text", async () => {
    const error = await readCsvRecords('email,status\nsecret-address@x.io"b",s\n', ["email", "status"], {
      maxRows: 10,
    }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.name).toBe("CsvFormatError");
    expect(error?.message).toBe("quote inside an unquoted field at line 2");
  });
});
