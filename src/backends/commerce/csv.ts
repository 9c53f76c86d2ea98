/**
 * RFC 4180 CSV reading for export job results, on csv-parse: quoted fields may hold commas,
 * doubled quotes and line breaks; rows end in CRLF or LF. Malformed text throws CsvFormatError,
 * which the client wraps into its typed reply error.
 */
import { CsvError, parse, type Options } from "csv-parse/sync";

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
  // Ragged rows are reported by csvRecords, which knows the header and says which row.
  relax_column_count: true,
};

/** Splits CSV text into rows of fields. A trailing line break does not make an empty row. */
export function parseCsv(text: string): string[][] {
  try {
    return parse(text, OPTIONS);
  } catch (error) {
    throw formatError(error);
  }
}

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

/** Rows of a CSV with a header line as objects keyed by the named columns. */
export function csvRecords<K extends string>(text: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new CsvFormatError("no header line");
  const positions = columns.map((name) => {
    const at = header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
    if (at < 0) throw new CsvFormatError(`header has no "${name}" column`);
    return [name, at] as const;
  });
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ""))
    .map((r, n) => {
      if (r.length !== header.length) {
        throw new CsvFormatError(`row ${n + 1} has ${r.length} fields, the header ${header.length}`);
      }
      return Object.fromEntries(positions.map(([name, at]) => [name, r[at] ?? ""])) as Record<K, string>;
    });
}
