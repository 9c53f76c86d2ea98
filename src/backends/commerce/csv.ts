/**
 * RFC 4180 CSV reading for export job results, on csv-parse: quoted fields may hold commas,
 * doubled quotes and line breaks; rows end in CRLF or LF. Malformed text throws CsvFormatError,
 * which the client wraps into its typed reply error.
 */
import { CsvError, parse as parser, type Options } from "csv-parse";
import { abortReason } from "../resilience.js";
import type { AbortState } from "../../util/call-abort.js";

/** Why a CSV text could not be read; the message names the position, never the field's text. */
export class CsvFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CsvFormatError";
  }
}

const OPTIONS: Options = {
  // A BOM is not part of the first header.
  bom: true,
  // Auto-detection would lock onto the first line ending it meets; export files may mix both,
  // and a lone CR stays field data, as RFC 4180 has it.
  record_delimiter: ["\r\n", "\n"],
  // Ragged rows are reported by readCsvRecords, which knows the header and says which row.
  relax_column_count: true,
};

/**
 * csv-parse's own messages quote field values (addresses, in an export); ours keep only the kind
 * of fault and the line.
 */
function formatError(error: unknown): Error {
  if (!(error instanceof CsvError)) return error instanceof Error ? error : new CsvFormatError(String(error));
  const line = typeof error.lines === "number" ? ` at line ${error.lines}` : "";
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return new CsvFormatError(`unterminated quoted field${line}`);
    case "CSV_INVALID_CLOSING_QUOTE":
      return new CsvFormatError(`text after a closing quote${line}`);
    case "INVALID_OPENING_QUOTE":
      return new CsvFormatError(`quote inside an unquoted field${line}`);
    default:
      return new CsvFormatError(`malformed CSV (${error.code})${line}`);
  }
}

/** How a CSV text is read: the most data rows it takes, and how much text it parses per turn. */
export interface CsvReadOptions {
  maxRows: number;
  /** Characters parsed before other work gets a turn of the event loop (default 64 Ki). */
  chunkChars?: number;
  /**
   * Stops the read between two chunks once aborted, rejecting with the signal's reason: a file
   * nobody waits for any more is not parsed to its end.
   */
  signal?: AbortState;
}

/**
 * Rows of a CSV with a header line as objects keyed by the named columns (in any order; ragged rows
 * and a missing column are CsvFormatError). See readCsvRows, which it reads with.
 */
export async function readCsvRecords<K extends string>(
  text: string,
  columns: readonly K[],
  options: CsvReadOptions,
): Promise<Record<K, string>[]> {
  const records: Record<K, string>[] = [];
  await readCsvRows(text, columns, options, (values) => {
    records.push(Object.fromEntries(columns.map((name, i) => [name, values[i] ?? ""])) as Record<K, string>);
  });
  return records;
}

/**
 * Reads a CSV with a header line, handing `onRow` each data row's values of the named columns, in
 * the order `columns` names them (the header may hold them in any order, and more columns; ragged
 * rows and a missing column are CsvFormatError). `values` is the reader's own array, filled anew for
 * every row: keep its strings, not the array. Resolves with the number of rows read. The text may
 * be large (an export file of up to the reply cap): it is parsed a chunk per turn of the event
 * loop, so other requests go on meanwhile (a synchronous parse of 7 MB of short rows held the loop
 * for about 2 s), nothing but the named columns is kept, and a file of more than `maxRows` data
 * rows is refused (CsvFormatError) rather than read on. An error `onRow` throws ends the read with it.
 */
export async function readCsvRows(
  text: string,
  columns: readonly string[],
  options: CsvReadOptions,
  onRow: (values: string[]) => void,
): Promise<number> {
  const chunkChars = options.chunkChars ?? 65_536;
  const { signal } = options;
  const values: string[] = columns.map(() => "");
  let rows = 0;
  let header: string[] | undefined;
  let positions: number[] = [];
  let failure: unknown;
  let failed = false;
  const stream = parser(OPTIONS);
  const take = (row: string[]): void => {
    if (!header) {
      header = row;
      positions = columns.map((name) => {
        const at = row.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
        if (at < 0) throw new CsvFormatError(`header has no "${name}" column`);
        return at;
      });
      return;
    }
    if (row.length === 1 && row[0] === "") return;
    const n = rows + 1;
    if (row.length !== header.length) {
      throw new CsvFormatError(`row ${n} has ${row.length} fields, the header ${header.length}`);
    }
    if (n > options.maxRows) throw new CsvFormatError(`more than ${options.maxRows} rows`);
    for (let i = 0; i < positions.length; i++) values[i] = row[positions[i]!] ?? "";
    rows = n;
    onRow(values);
  };
  const fail = (error: unknown): void => {
    if (failed) return;
    failed = true;
    failure = error;
  };
  stream.on("readable", () => {
    let row: unknown;
    while (!failed && (row = stream.read()) !== null) {
      try {
        take(row as string[]);
      } catch (error) {
        fail(error);
        stream.destroy();
      }
    }
  });
  const ended = new Promise<void>((resolve) => {
    stream.on("end", resolve);
    stream.on("close", resolve);
    stream.on("error", (error) => {
      fail(formatError(error));
      resolve();
    });
  });
  for (let at = 0; at < text.length && !failed; at += chunkChars) {
    if (signal?.aborted) {
      fail(abortReason(signal));
      stream.destroy();
      break;
    }
    stream.write(text.slice(at, at + chunkChars));
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (!failed) stream.end();
  await ended;
  if (failed) throw failure;
  if (!header) throw new CsvFormatError("no header line");
  return rows;
}
