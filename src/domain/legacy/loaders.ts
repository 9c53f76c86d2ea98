/**
 * The wire side of LegacyService, which alone uses it: one request's calls to the legacy service,
 * each read made once per request and its ids checked once (reply-ids.ts), at most `concurrency`
 * at once, all with the request's one API key. Result errors, credential problems and aborts
 * become domain errors; infrastructure errors pass unchanged.
 */
import type { RequestScope } from "../../logging/request-context.js";
import DataLoader from "dataloader";
import { CallGate } from "../../util/call-gate.js";
import {
  operation as operationSpec,
  type OperationName,
  type ReadOperationName,
  type WriteOperationName,
} from "../../backends/legacy/catalog.js";
import {
  LegacyInputError,
  LegacyResultError,
  LegacySoapFaultError,
  LegacyTransportError,
} from "../../backends/legacy/errors.js";
import type { LegacyParams, LegacyParamsOf, LegacyResults } from "../../backends/legacy/types.js";
import { CredentialsError, RequestAbortedError } from "../errors.js";
import { INVALID_API_KEY, LegacyOutcome } from "./outcome.js";
import { checkReplyIds } from "./reply-ids.js";
import { inBatchSpan } from "../../tracing/batch-span.js";
import type { CallerSignal } from "../../util/call-abort.js";
import type { CallBudget } from "../call-budget.js";
import type { SendBudget } from "../../backends/http.js";
import { readKey, type CacheUse, type SharedCache } from "../../cache/index.js";
import { LEGACY_READS, LEGACY_WRITES, legacyTags } from "./cache-tags.js";

type CacheKindOf = (typeof LEGACY_READS)[ReadOperationName]["kind"];

/** Operations that only read. */
export type ReadOperation = ReadOperationName;
/** Operations that change state. */
export type WriteOperation = WriteOperationName;

/** The part of LegacyClient the service needs (the client itself, or anything shaped like it). */
export interface LegacyCaller {
  call<Op extends OperationName>(
    op: Op,
    params: LegacyParamsOf<Op>,
    options?: { apiKey?: string; signal?: CallerSignal; scope?: RequestScope; budget?: SendBudget },
  ): Promise<LegacyResults[Op]>;
}

/** How one request talks to the legacy service. */
export interface LegacyLoaderOptions {
  /** The key every call of this request sends; undefined makes each call fail with CredentialsError. */
  apiKey: string | undefined;
  /** Concurrent calls at most (config.legacy.concurrency). */
  concurrency: number;
  /** Aborts calls still running when the caller goes away. */
  signal?: CallerSignal;
  /** The request the calls are made for: its id goes with each call, and its span is their parent. */
  scope?: RequestScope;
  /**
   * The operation's calls across both backends: each request sent takes one first, every attempt of
   * a retried read and the resend to an observed path included (domain/call-budget.ts).
   */
  calls?: CallBudget;
  /** How callers of this gateway bring a legacy key, for the advice of a missing one (default: open mode). */
  keyRules?: LegacyKeyRules;
  /** The cache reads shared across requests go through (src/cache), and this request's use of it. */
  cache?: { shared: SharedCache; use: CacheUse };
}

/** How a caller may bring a legacy key to this gateway: its AUTH_MODE and ALLOW_CREDENTIAL_HEADERS. */
export interface LegacyKeyRules {
  mode: "open" | "token";
  allowCredentialHeaders: boolean;
}

/**
 * What a request without a legacy key is told: the ways that work on this gateway. In token mode
 * the header and LEGACY_API_KEY are refused or unused, so the advice is a gateway token carrying a
 * key (a store login never carries one).
 */
export function missingLegacyKeyMessage(
  rules: LegacyKeyRules = { mode: "open", allowCredentialHeaders: true },
): string {
  const start = "No API key for the legacy list service: ";
  if (rules.mode === "open") return `${start}send an X-Legacy-Api-Key header or configure LEGACY_API_KEY.`;
  return (
    `${start}with AUTH_MODE=token the key comes in the caller's gateway token, and this token or login session ` +
    "carries none (a store login never does): send Authorization: Bearer <token> with a token made by " +
    "`npm run token -- --legacy-api-key <key>`" +
    (rules.allowCredentialHeaders ? ", or an X-Legacy-Api-Key header." : ".")
  );
}

/** The backend's code for a call its caller aborted (it rejects with it instead of a transport error). */
const ABORTED_CALL_CODE = "LEGACY_ABORTED";

const BACKEND = "legacy";
const SERVICE = "the legacy list service";

interface ReadKey {
  op: ReadOperation;
  params: LegacyParams;
}

/** Parameters as text in catalog order: `{ListID: 5}` and `{ListID: "5"}` are the same call. */
function cacheKey(op: OperationName, params: LegacyParams): string {
  const values = operationSpec(op).params.map((p) => {
    const value = params[p.name];
    if (value === undefined || value === null) return "";
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  });
  return JSON.stringify([op, ...values]);
}

/** The legacy calls of one request. */
export class LegacyLoaders {
  readonly #client: LegacyCaller;
  readonly #options: LegacyLoaderOptions;
  // Made on first use and let go of when idle: a context that is kept (a subscription's) but makes
  // no calls, or none any more, holds neither a limiter nor an empty cache.
  /** The concurrency cap; dropped whenever no call runs or waits (a new one is the same then). */
  #limit: CallGate | undefined;
  /** The read cache; dropped once nothing is cached (every key was invalidated). */
  #reads: DataLoader<ReadKey, unknown, string> | undefined;
  /** Keys seen per operation, so a write can drop every cached read of one operation. */
  #keys: Map<ReadOperation, Map<string, ReadKey>> | undefined;
  #aborted: RequestAbortedError | undefined;
  /** The request key's scope in the shared cache, made on the first cached read. */
  #cacheScope: string | undefined;
  /** Operations read from the service from now on, past the shared cache (reload). */
  #reloaded: Set<ReadOperation> | undefined;

  constructor(client: LegacyCaller, options: LegacyLoaderOptions) {
    this.#client = client;
    this.#options = options;
  }

  #loader(): DataLoader<ReadKey, unknown, string> {
    return (this.#reads ??= new DataLoader<ReadKey, unknown, string>((keys) => Promise.resolve(this.#sendBatch(keys)), {
      cacheKeyFn: (key) => cacheKey(key.op, key.params),
    }));
  }

  /**
   * The calls of one batch: the service has no batch operations, so each distinct key is its own
   * call, all started together. Each entry is its call's own promise, which DataLoader resolves
   * that key's read with: a read settles when its call does, not when the batch's slowest call
   * does, so the fields that depend on it go on (and make their own calls) while the rest still
   * run. (A batch answered as one array held every read of a level back for the slowest call of
   * that level, docs/decisions.md.) One span per batch when tracing (tracing/batch-span.ts), ended
   * when every call has settled; the calls are its children.
   */
  #sendBatch(keys: readonly ReadKey[]): Promise<unknown>[] {
    let calls: Promise<unknown>[] = [];
    // inBatchSpan runs its work at once; allSettled also handles each call's failure, which the
    // read that adopts the call then reports.
    void inBatchSpan("legacy", keys, this.#options.scope, (scope) => {
      calls = keys.map((key) => this.#cachedRead(key, scope));
      return Promise.allSettled(calls);
    });
    return calls;
  }

  /**
   * A read through the shared cache when there is one and the request has a key: kept per key (its
   * keyed hash), under the tags cache-tags.ts gives it; only a reply whose ids checked out is kept.
   */
  #cachedRead(key: ReadKey, scope: RequestScope | undefined): Promise<unknown> {
    const fetch = () => this.#send(key.op, key.params, scope).then((reply) => checkReplyIds(key.op, reply));
    const cache = this.#options.cache;
    const { apiKey } = this.#options;
    // One keyed hash per request, not per read.
    const cacheScope = cache && apiKey ? (this.#cacheScope ??= cache.shared.scopeFor(BACKEND, [apiKey])) : undefined;
    if (!cache || cacheScope === undefined) return fetch();
    const row = LEGACY_READS[key.op] as { kind: CacheKindOf; tags: (params: LegacyParams) => string[] };
    const read = {
      scope: cacheScope,
      key: readKey(BACKEND, key.op, cacheKey(key.op, key.params)),
      tags: legacyTags(row.tags(key.params)),
      kind: row.kind,
      backend: BACKEND,
    };
    // A read reloaded on purpose asks the service (and keeps its answer for the next readers).
    return cache.shared.read(read, cache.use, fetch, this.#reloaded?.has(key.op) ? true : undefined);
  }

  /** A read, made once per request for the same operation and parameters. */
  read<Op extends ReadOperation>(op: Op, params: LegacyParamsOf<Op>): Promise<LegacyResults[Op]> {
    const key: ReadKey = { op, params: params };
    this.#remember(key);
    return this.#loader().load(key) as Promise<LegacyResults[Op]>;
  }

  /**
   * A write, never cached; a Result code ≠ 0 rejects as LegacyOutcome. Once it was sent, the tags it
   * changes are bumped in the shared cache before it settles (so before its mutation answers), even
   * when it failed: a write that timed out may still have landed.
   */
  async write<Op extends WriteOperation>(op: Op, params: LegacyParamsOf<Op>): Promise<LegacyResults[Op]> {
    let sent = false;
    try {
      return await this.#send(op, params, this.#options.scope, () => (sent = true));
    } finally {
      const shared = this.#options.cache?.shared;
      if (shared && sent) {
        const tags = (LEGACY_WRITES[op] as (params: LegacyParams) => string[])(params);
        await shared.invalidate(legacyTags(tags), "write");
      }
    }
  }

  /** Forgets cached reads of `op`: the one with these parameters, or all of them. */
  invalidate<Op extends ReadOperation>(op: Op, params?: LegacyParamsOf<Op>): void {
    const seen = this.#keys?.get(op);
    if (!seen) return;
    if (params) {
      const id = cacheKey(op, params);
      const key = seen.get(id);
      if (key) this.#reads?.clear(key);
      seen.delete(id);
    } else {
      for (const key of seen.values()) this.#reads?.clear(key);
      seen.clear();
    }
    if (seen.size > 0) return;
    this.#keys?.delete(op);
    // Every key cached was remembered: none left, nothing cached (a batch being sent still answers).
    if (this.#keys?.size === 0) {
      this.#keys = undefined;
      this.#reads = undefined;
    }
  }

  /**
   * Forgets cached reads of `op` and reads it from the service from now on, past the shared cache:
   * a long-lived caller (a subscription) looking for a change no webhook reports.
   */
  reload(op: ReadOperation): void {
    this.invalidate(op);
    (this.#reloaded ??= new Set()).add(op);
  }

  /** Stores a value already known for a read (another read's answer) so it is not fetched. */
  prime<Op extends ReadOperation>(op: Op, params: LegacyParamsOf<Op>, value: LegacyResults[Op]): void {
    const key: ReadKey = { op, params: params };
    this.#remember(key);
    this.#loader().clear(key).prime(key, value);
  }

  #remember(key: ReadKey): void {
    const keys = (this.#keys ??= new Map<ReadOperation, Map<string, ReadKey>>());
    let seen = keys.get(key.op);
    if (!seen) keys.set(key.op, (seen = new Map<string, ReadKey>()));
    seen.set(cacheKey(key.op, key.params), key);
  }

  /** The one RequestAbortedError of this request. */
  #abortedError(): RequestAbortedError {
    return (this.#aborted ??= new RequestAbortedError(BACKEND, SERVICE));
  }

  async #send<Op extends OperationName>(
    op: Op,
    params: LegacyParams,
    scope: RequestScope | undefined,
    /** Called as the call is handed to the client (it may reach the service from then on). */
    onSend?: () => void,
  ): Promise<LegacyResults[Op]> {
    const { apiKey, signal } = this.#options;
    if (apiKey === undefined || apiKey === "") {
      throw new CredentialsError(BACKEND, "missing", op, missingLegacyKeyMessage(this.#options.keyRules));
    }
    if (signal?.aborted) throw this.#abortedError();
    const limit = (this.#limit ??= new CallGate(Math.max(1, Math.floor(this.#options.concurrency))));
    try {
      const reply = await limit.run(() => {
        // A call that waited for a slot is not started once the caller has gone.
        if (signal?.aborted) return Promise.reject(this.#abortedError());
        // read/write took LegacyParamsOf<Op>; the loader's cache key only erased the pairing.
        // The budget is paid where each request leaves (backends/http.ts), so retries pay too.
        onSend?.();
        return this.#client.call(op, params as LegacyParamsOf<Op>, {
          apiKey,
          signal,
          scope,
          budget: this.#options.calls,
        });
      });
      // The service answered with the request's key: it accepted the key (domain/call-budget.ts).
      this.#options.calls?.answered(BACKEND, true);
      return reply;
    } catch (error) {
      const accepted = keyAccepted(error);
      if (accepted !== undefined) this.#options.calls?.answered(BACKEND, accepted);
      // However the transport words an aborted call, every field reports the one abort.
      if (signal?.aborted || (error as { code?: unknown } | null)?.code === ABORTED_CALL_CODE)
        throw this.#abortedError();
      throw asError(domainError(op, error));
    } finally {
      if (this.#limit === limit && limit.active === 0 && limit.pending === 0) this.#limit = undefined;
    }
  }
}

/**
 * What a failed call says of its key: refused (Result code 100, or HTTP 401/403), accepted (any
 * other Result: the service read the call past its key), or nothing (no answer of the service's).
 */
function keyAccepted(error: unknown): boolean | undefined {
  if (error instanceof LegacyResultError) return error.resultCode !== INVALID_API_KEY;
  const status = (error instanceof LegacyTransportError || error instanceof LegacySoapFaultError) && error.status;
  return status === 401 || status === 403 ? false : undefined;
}

/** A backend error in domain terms; errors that are not the service's answer pass unchanged. */
function domainError(op: OperationName, error: unknown): unknown {
  if (error instanceof LegacyResultError) {
    if (error.resultCode === INVALID_API_KEY) {
      return new CredentialsError(BACKEND, "refused", op, "The legacy list service refused the API key (code 100).");
    }
    return LegacyOutcome.fromResult(op, error.resultCode, error.resultMessage);
  }
  if (error instanceof LegacyInputError && error.field === "ApiKey") {
    return new CredentialsError(
      BACKEND,
      "unsendable",
      op,
      "The legacy API key cannot be sent (it is empty or holds a character XML forbids).",
    );
  }
  return error;
}

/** What a failed call rejects with: always an Error. */
function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error("The legacy list service call failed.");
}
