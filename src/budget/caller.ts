/**
 * Whose budget an operation draws from: the subject of the gateway token it presents; else, when
 * it sends backend keys of its own (open mode, or ALLOW_CREDENTIAL_HEADERS) and every one of them
 * has been accepted by its backend, those keys, so the budget follows the credential across
 * addresses; else the address its connection comes from, told apart as stream limits tell callers
 * apart (server/caller-streams.ts: the socket's peer, an IPv6 address by its /64; proxy headers
 * are not trusted).
 *
 * A key names a budget only once accepted: a caller sending a fresh random key with every request
 * would otherwise get a full bucket each time, each request still costing a backend call (the one
 * that refuses the key). Accepted keys are remembered by this instance, as keyed hashes in an LRU
 * of bounded size; a key its backend refuses later is forgotten. A rotated key is refused, so it
 * never enters the LRU and its requests spend their address's budget.
 *
 * Keys are hashed with GATEWAY_SECRET (the same on every instance); without one, with plain
 * SHA-256 (one-way): neither the LRU nor Redis ever holds a key.
 */
import { createHash, createHmac } from "node:crypto";
import { LRUCache } from "lru-cache";
import { COMMERCE_API_KEY_HEADER, LEGACY_API_KEY_HEADER } from "../auth/request-auth.js";

/** A backend whose key a caller may send. */
export type KeyBackend = "legacy" | "commerce";

/** A key a caller sent: its backend and its hash. */
export interface SentKey {
  readonly backend: KeyBackend;
  readonly hash: string;
}

/** Whose budget an operation spends, and the keys its replies may show accepted. */
export interface BudgetCaller {
  /** The bucket: `subject:…`, `credential:…` (the hashes of its keys) or `address:…`. */
  readonly id: string;
  /** The keys it sent, when no token subject names it (empty otherwise). */
  readonly keys: readonly SentKey[];
}

/** Accepted keys an instance remembers by default. */
export const ACCEPTED_KEYS = 10_000;

const NO_KEYS: readonly SentKey[] = Object.freeze([]);

/** Tells callers apart (see the file's comment); one per gateway. */
export class BudgetCallers {
  readonly #secret: string | undefined;
  /** Hashes of keys their backend accepted, the least recently used let go of first. */
  readonly #accepted: LRUCache<string, true>;

  /** `secret`: the key of the hashes (GATEWAY_SECRET), if any; `remembered`: accepted keys kept at most. */
  constructor(secret: string | undefined, remembered = ACCEPTED_KEYS) {
    this.#secret = secret;
    this.#accepted = new LRUCache<string, true>({ max: remembered });
  }

  /** Accepted keys remembered now (tests). */
  get remembered(): number {
    return this.#accepted.size;
  }

  /**
   * The caller of an operation: `subject`, the token's; `headers`, the request's (its key headers);
   * `address`, the client address as stream limits key it (server/caller-streams.ts `addressKey`).
   */
  callerOf(subject: string | undefined, headers: Headers, address: string): BudgetCaller {
    if (subject) return { id: `subject:${subject}`, keys: NO_KEYS };
    const legacy = headers.get(LEGACY_API_KEY_HEADER)?.trim();
    const commerce = headers.get(COMMERCE_API_KEY_HEADER)?.trim();
    if (!legacy && !commerce) return { id: `address:${address}`, keys: NO_KEYS };
    const keys: SentKey[] = [];
    if (legacy) keys.push({ backend: "legacy", hash: this.#digest(`legacy\0${legacy}`) });
    if (commerce) keys.push({ backend: "commerce", hash: this.#digest(`commerce\0${commerce}`) });
    // Every key sent must have been accepted: one never used (or refused) leaves the caller at its address.
    const known = keys.every((key) => this.#accepted.get(key.hash) !== undefined);
    return { id: known ? `credential:${keys.map((key) => key.hash).join(".")}` : `address:${address}`, keys };
  }

  /**
   * Notes what `caller`'s operation showed of its keys: `accepted(backend)` true when that backend
   * accepted the key the caller sent it (remembered), false when it refused it (forgotten),
   * undefined when no reply said (unchanged).
   */
  observe(caller: BudgetCaller, accepted: (backend: KeyBackend) => boolean | undefined): void {
    for (const key of caller.keys) {
      const answer = accepted(key.backend);
      if (answer === true) this.#accepted.set(key.hash, true);
      else if (answer === false) this.#accepted.delete(key.hash);
    }
  }

  #digest(text: string): string {
    const hash = this.#secret === undefined ? createHash("sha256") : createHmac("sha256", this.#secret);
    return hash.update("mailgraph budget caller\0").update(text).digest("base64url");
  }
}
