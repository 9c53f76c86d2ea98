/**
 * The rows of an export file (GET /async-jobs/{id}/result) as the gateway holds them: compact, since
 * a file of 300,000 rows is read whole and may be kept for later requests (export-files.ts). Every
 * address lies in one string, where a typed array says where each row's ends; each row's status is
 * a byte, the index of its text among the few distinct ones the file holds. 299,000 rows of
 * 20-character addresses keep 23 bytes a row on the heap this way, where an object per row with
 * its strings kept 90 (27 MB), and the garbage collector has a handful of objects to trace instead
 * of half a million. Rows are made as objects only for the slice a caller asks for.
 */
import type { ExportRow } from "./types.js";

/** Distinct status texts one file may hold: the documented three, written any way, fit many times over. */
export const EXPORT_MAX_STATUSES = 255;

/** The rows of one export file, in the file's order. */
export class ExportTable {
  /** Data rows in the file. */
  readonly length: number;
  /** The distinct status texts, in the order they first appear. */
  readonly statuses: readonly string[];
  /** What the table holds in memory, in bytes (an estimate within a few per cent). */
  readonly bytes: number;
  readonly #emails: string;
  /** Row i's address is #emails[ends[i - 1] (0 for the first), ends[i]). */
  readonly #ends: Uint32Array;
  /** Row i's status is statuses[#status[i]]. */
  readonly #status: Uint8Array;

  constructor(emails: string, ends: Uint32Array, status: Uint8Array, statuses: readonly string[]) {
    if (ends.length !== status.length) throw new RangeError("one end and one status per row");
    this.length = ends.length;
    this.statuses = statuses;
    this.#emails = emails;
    this.#ends = ends;
    this.#status = status;
    // A string of Latin-1 text takes a byte a character, any other two.
    const perChar = /[\u0100-\uffff]/.test(emails) ? 2 : 1;
    const texts = statuses.reduce((sum, text) => sum + 32 + text.length * 2, 0);
    this.bytes = emails.length * perChar + ends.byteLength + status.byteLength + texts + 256;
  }

  /** Row `i`'s address, as the file holds it. */
  email(i: number): string {
    this.#check(i);
    return this.#emails.slice(i === 0 ? 0 : this.#ends[i - 1], this.#ends[i]);
  }

  /** Row `i`'s status text, as the file holds it. */
  status(i: number): string {
    return this.statuses[this.statusIndex(i)]!;
  }

  /** Row `i`'s status as its index in `statuses`. */
  statusIndex(i: number): number {
    this.#check(i);
    return this.#status[i]!;
  }

  /** Rows [start, end) as objects (clamped to the table). */
  rows(start = 0, end = this.length): ExportRow[] {
    const out: ExportRow[] = [];
    for (let i = Math.max(0, start); i < Math.min(end, this.length); i++) {
      out.push({ email: this.email(i), status: this.status(i) });
    }
    return out;
  }

  #check(i: number): void {
    if (!Number.isInteger(i) || i < 0 || i >= this.length) throw new RangeError(`no row ${i}`);
  }
}

/** Builds an ExportTable a row at a time, as the CSV is read. */
export class ExportTableBuilder {
  /** Addresses joined a block at a time, so no array of every address is ever held. */
  readonly #blocks: string[] = [];
  #block: string[] = [];
  #chars = 0;
  #ends = new Uint32Array(1024);
  #status = new Uint8Array(1024);
  #rows = 0;
  readonly #statuses: string[] = [];
  readonly #statusIndex = new Map<string, number>();

  /** Adds a row; throws once the file holds more than EXPORT_MAX_STATUSES distinct statuses. */
  add(email: string, status: string): void {
    let index = this.#statusIndex.get(status);
    if (index === undefined) {
      if (this.#statuses.length >= EXPORT_MAX_STATUSES)
        throw new RangeError(`more than ${EXPORT_MAX_STATUSES} distinct statuses`);
      index = this.#statuses.length;
      this.#statuses.push(status);
      this.#statusIndex.set(status, index);
    }
    if (this.#rows === this.#ends.length) this.#grow();
    this.#chars += email.length;
    if (this.#chars > 0xffff_ffff) throw new RangeError("addresses too long for one table");
    this.#ends[this.#rows] = this.#chars;
    this.#status[this.#rows] = index;
    this.#rows++;
    this.#block.push(email);
    if (this.#block.length === 4096) {
      this.#blocks.push(this.#block.join(""));
      this.#block = [];
    }
  }

  /** The table of the rows added; the builder is spent. */
  finish(): ExportTable {
    if (this.#block.length > 0) this.#blocks.push(this.#block.join(""));
    this.#block = [];
    const emails = this.#blocks.join("");
    this.#blocks.length = 0;
    // Copies of the used part: the table keeps no spare capacity.
    return new ExportTable(emails, this.#ends.slice(0, this.#rows), this.#status.slice(0, this.#rows), [
      ...this.#statuses,
    ]);
  }

  #grow(): void {
    const ends = new Uint32Array(this.#ends.length * 2);
    ends.set(this.#ends);
    this.#ends = ends;
    const status = new Uint8Array(this.#status.length * 2);
    status.set(this.#status);
    this.#status = status;
  }
}
