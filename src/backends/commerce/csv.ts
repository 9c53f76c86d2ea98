/**
 * RFC 4180 CSV reading for export job results: quoted fields may hold commas, doubled quotes and
 * line breaks; rows end in CRLF or LF. Malformed text throws a plain Error the caller wraps.
 */

/** Splits CSV text into rows of fields. A trailing line break does not make an empty row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; // a BOM is not part of the first header

  const endField = () => {
    row.push(field);
    field = "";
    wasQuoted = false;
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };

  for (; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (c === '"') {
      if (field !== "" || wasQuoted) throw new Error(`quote inside an unquoted field at offset ${i}`);
      quoted = true;
      wasQuoted = true;
    } else if (c === ",") endField();
    else if (c === "\n") endRow();
    else if (c === "\r" && text[i + 1] === "\n") {
      endRow();
      i++;
    } else if (wasQuoted) throw new Error(`text after a closing quote at offset ${i}`);
    else field += c;
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (field !== "" || wasQuoted || row.length > 0) endRow();
  return rows;
}

/** Rows of a CSV with a header line as objects keyed by the named columns. */
export function csvRecords<K extends string>(text: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error("no header line");
  const index = columns.map((name) => {
    const at = header.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase());
    if (at < 0) throw new Error(`header has no "${name}" column`);
    return at;
  });
  return rows
    .filter((r) => !(r.length === 1 && r[0] === ""))
    .map((r, n) => {
      if (r.length !== header.length) throw new Error(`row ${n + 1} has ${r.length} fields, the header ${header.length}`);
      return Object.fromEntries(columns.map((name, k) => [name, r[index[k]!]!])) as Record<K, string>;
    });
}
