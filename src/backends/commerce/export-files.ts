/**
 * Export files across requests. A completed export's file (GET /async-jobs/{id}/result) is up to
 * the reply cap (8 MiB by default) of CSV, read whole and parsed into a table (export-table.ts);
 * each request used to download and parse every file it asked for again, so eight requests naming
 * five large exports each held forty files at once (2.5 GB). Here, one per client (one client per
 * backend per gateway, so one per process):
 *
 * - at most `filesAtOnce` files are downloaded and parsed at the same time; more wait their turn,
 *   in order. A waiting caller still leaves when its signal fires (its request went away or its
 *   deadline passed), and a file nobody waits for any more is not read, or its read is stopped;
 * - a file being read is shared: a caller asking for the same file of the same credential waits for
 *   that read instead of starting another;
 * - completed files are kept, the most recently used first, within `cachedFiles` files and
 *   `cachedBytes` bytes: a completed export does not change, so a later request of the same
 *   credential gets it at no call. Failures are not kept.
 *
 * A file is shared only under the same key: the credential's identity (signerIdentity: a keyed hash
 * of its secrets, never the secrets) and the job id. One credential's rows never reach a request
 * holding another, even for the same job. The graph reads a job's rows only below the job itself,
 * which every request reads from the backend with its own credential first (CommerceService.asyncJob),
 * so a credential the backend no longer accepts is refused there before a kept file is handed out.
 */
import { createHmac, randomBytes } from "node:crypto";
import { CallGate } from "../../util/call-gate.js";
import { CallAbort, type CallerSignal } from "../../util/call-abort.js";
import { followSignal } from "../../util/request-signals.js";
import { signerSecrets, type CommerceSigner } from "./auth.js";
import type { SendBudget } from "../http.js";
import type { ExportTable } from "./export-table.js";

/** How many export files are read and kept at once. */
export interface ExportFileLimits {
  /** Files downloaded and parsed at the same time; more wait in order. */
  readonly filesAtOnce: number;
  /** Completed files kept for later requests; 0 keeps none. */
  readonly cachedFiles: number;
  /** What the kept files may weigh together (ExportTable.bytes); a heavier file is not kept. */
  readonly cachedBytes: number;
}

/**
 * Two files at once: parsing runs on the event loop a chunk per turn, so more at once would not
 * finish sooner, only hold more replies and half-built tables. Sixteen files or 64 MiB kept: about
 * eight of the largest files (300,000 rows, about 8 MB as tables), or many small ones.
 */
export const EXPORT_FILE_LIMITS: ExportFileLimits = Object.freeze({
  filesAtOnce: 2,
  cachedFiles: 16,
  cachedBytes: 64 * 1024 * 1024,
});

/** What ExportFiles holds now (tests, and anyone curious). */
export interface ExportFileStats {
  /** Files being downloaded or parsed. */
  readonly reading: number;
  /** Reads waiting for their turn. */
  readonly waiting: number;
  /** Files kept, and what they weigh. */
  readonly kept: number;
  readonly keptBytes: number;
}

/** A caller waiting for a read, and the call budget it pays from (none: unbounded). */
interface Payer {
  readonly budget: SendBudget | undefined;
}

/** One file being read, and the callers waiting for it. */
class Reading {
  /** Fires once no caller waits any more: the read stops, or never starts. */
  readonly abort = new CallAbort();
  waiters = 0;
  settled = false;
  /** Set as the read starts. */
  table!: Promise<ExportTable>;
  /** The callers still waiting, in the order they came. */
  readonly payers = new Set<Payer>();
  /**
   * What the read's requests pay from: the first caller still waiting whose budget has room (a
   * caller without a budget pays nothing). The read is shared, so no one caller's budget decides
   * it: a caller that spent its budget elsewhere meanwhile, or left, does not fail it for the
   * others. Refused only when no caller still waiting has room, with the last refusal.
   */
  readonly budget: SendBudget = {
    take: () => {
      let refused: Error | undefined;
      for (const { budget } of this.payers) {
        if (!budget) return;
        try {
          budget.take();
          return;
        } catch (error) {
          refused = asError(error);
        }
      }
      if (refused !== undefined) throw refused;
    },
  };
}

/** Export files read, being read and kept, shared by the requests of one client. */
export class ExportFiles {
  readonly #limits: ExportFileLimits;
  readonly #gate: CallGate;
  /** Completed files by key, least recently used first. */
  readonly #kept = new Map<string, ExportTable>();
  #keptBytes = 0;
  /** Files being read (or waiting for their turn) by key. */
  readonly #reading = new Map<string, Reading>();

  constructor(limits: Partial<ExportFileLimits> = {}) {
    const all = { ...EXPORT_FILE_LIMITS, ...limits };
    if (!Number.isSafeInteger(all.filesAtOnce) || all.filesAtOnce < 1)
      throw new RangeError("filesAtOnce must be a positive integer");
    for (const name of ["cachedFiles", "cachedBytes"] as const) {
      if (!Number.isSafeInteger(all[name]) || all[name] < 0) throw new RangeError(`${name} must be 0 or more`);
    }
    this.#limits = all;
    this.#gate = new CallGate(all.filesAtOnce);
  }

  get stats(): ExportFileStats {
    return {
      reading: this.#gate.active,
      waiting: this.#gate.pending,
      kept: this.#kept.size,
      keptBytes: this.#keptBytes,
    };
  }

  /**
   * The file `key` names: a kept one at once, else the read already under way for it, else a new
   * read with `load` when a turn is free. `key` undefined: the file is read for this caller alone
   * (still within `filesAtOnce`) and not kept. `load` gets the read's own signal, which fires once
   * every caller waiting for it has left, and the budget its requests pay from: the budgets of the
   * callers waiting for it (Reading.budget; `budget` is this caller's). Rejects with `signal`'s
   * reason as soon as it fires.
   */
  read(
    key: string | undefined,
    signal: CallerSignal | undefined,
    load: (signal: CallAbort, budget: SendBudget) => Promise<ExportTable>,
    budget?: SendBudget,
  ): Promise<ExportTable> {
    if (signal?.aborted) return Promise.reject(asError(signal.reason));
    if (key !== undefined) {
      const kept = this.#kept.get(key);
      if (kept) {
        this.#kept.delete(key);
        this.#kept.set(key, kept);
        return Promise.resolve(kept);
      }
    }
    const running = key === undefined ? undefined : this.#reading.get(key);
    const payer: Payer = { budget };
    return this.#wait(key, running ?? this.#start(key, load, payer), signal, payer);
  }

  /** Lets every kept file go. */
  clear(): void {
    this.#kept.clear();
    this.#keptBytes = 0;
  }

  #start(
    key: string | undefined,
    load: (signal: CallAbort, budget: SendBudget) => Promise<ExportTable>,
    first: Payer,
  ): Reading {
    const reading = new Reading();
    // The caller that starts the read pays from the start, even if its turn comes at once.
    reading.payers.add(first);
    const { abort } = reading;
    reading.table = this.#gate
      .run(() => {
        // Every caller left while it waited for its turn: not read at all.
        if (abort.aborted) return Promise.reject(asError(abort.reason));
        return load(abort, reading.budget);
      })
      .then(
        (table) => {
          reading.settled = true;
          this.#done(key, reading);
          if (key !== undefined) this.#keep(key, table);
          return table;
        },
        (error: unknown) => {
          reading.settled = true;
          this.#done(key, reading);
          throw error;
        },
      );
    // Its callers may all have left: nobody else handles the rejection then.
    reading.table.catch(() => {});
    if (key !== undefined) this.#reading.set(key, reading);
    return reading;
  }

  /** The read of `key` is over (or abandoned): a later caller starts its own. */
  #done(key: string | undefined, reading: Reading): void {
    if (key !== undefined && this.#reading.get(key) === reading) this.#reading.delete(key);
  }

  /** One more caller waits for `reading`, until it settles or the caller's signal fires. */
  #wait(
    key: string | undefined,
    reading: Reading,
    signal: CallerSignal | undefined,
    payer: Payer,
  ): Promise<ExportTable> {
    reading.waiters += 1;
    reading.payers.add(payer);
    return new Promise<ExportTable>((resolve, reject) => {
      let waiting = true;
      let unfollow = () => {};
      const leave = (): boolean => {
        if (!waiting) return false;
        waiting = false;
        unfollow();
        reading.waiters -= 1;
        reading.payers.delete(payer);
        return true;
      };
      if (signal) {
        unfollow = followSignal(signal, {
          abort: (reason) => {
            if (!leave()) return;
            reject(asError(reason));
            // The last caller to leave ends the read; a caller coming later starts a new one.
            if (reading.waiters === 0 && !reading.settled) {
              this.#done(key, reading);
              reading.abort.abort(reason);
            }
          },
        });
      }
      reading.table.then(
        (table) => {
          if (leave()) resolve(table);
        },
        (error: unknown) => {
          if (leave()) reject(asError(error));
        },
      );
    });
  }

  /** Keeps a completed file, letting the least recently used go past either bound. */
  #keep(key: string, table: ExportTable): void {
    const { cachedFiles, cachedBytes } = this.#limits;
    if (cachedFiles === 0 || table.bytes > cachedBytes) return;
    const previous = this.#kept.get(key);
    if (previous) {
      this.#kept.delete(key);
      this.#keptBytes -= previous.bytes;
    }
    this.#kept.set(key, table);
    this.#keptBytes += table.bytes;
    for (const [oldest, kept] of this.#kept) {
      if (this.#kept.size <= cachedFiles && this.#keptBytes <= cachedBytes) break;
      this.#kept.delete(oldest);
      this.#keptBytes -= kept.bytes;
    }
  }
}

/** The key identities are made with: random per process, so an identity means nothing outside it. */
const IDENTITY_KEY = randomBytes(32);
const identities = new WeakMap<CommerceSigner, string | null>();

/**
 * Whose credential a signer is, as a cache key may hold it: an HMAC (under a key of this process)
 * of its scheme and secrets (an API key; a PoP token and the client secret it is signed with). Two
 * signers of the same credential (each request makes its own) get the same identity, and different
 * credentials different ones. Undefined for a signer whose secrets are unknown here, and for a
 * partner's, whose secret alone does not say whose app it is: their files are not shared.
 */
export function signerIdentity(signer: CommerceSigner): string | undefined {
  let identity = identities.get(signer);
  if (identity === undefined) {
    const secrets = signerSecrets(signer);
    if (signer.scheme === "partner" || secrets.length === 0) identity = null;
    else {
      const mac = createHmac("sha256", IDENTITY_KEY).update(signer.scheme);
      // Each secret with its length first: no two lists of secrets run together the same way.
      for (const secret of secrets) mac.update(`\n${secret.length}\n`).update(secret);
      identity = mac.digest("base64url");
    }
    identities.set(signer, identity);
  }
  return identity ?? undefined;
}

function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}
