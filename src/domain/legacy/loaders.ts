/**
 * Per-request access to the legacy list service. Resolvers never call the client: they ask these
 * loaders, which
 * - make each read (operation + parameters) at most once per request and share the promise,
 * - run independent calls concurrently but never more than `concurrency` at once,
 * - send every call with the one API key resolved for this request,
 * - turn infrastructure failures into GraphQLErrors with `extensions.code`,
 * - answer batched active-subscriber lookups with one Subscribers.GetActive per list.
 */
import DataLoader from "dataloader";
import { GraphQLError } from "graphql";
import pLimit, { type LimitFunction } from "p-limit";
import { OPERATIONS, operation as operationSpec, type OperationName } from "../../backends/legacy/catalog.js";
import { LegacyResultError } from "../../backends/legacy/errors.js";
import type { LegacyParams, LegacyResults, LegacySubscriber } from "../../backends/legacy/types.js";
import {
  ABORTED_CALL_CODE,
  INVALID_API_KEY,
  legacyGraphQLError,
  missingApiKeyError,
  requestAbortedError,
} from "../../errors/legacy.js";

type Operation = (typeof OPERATIONS)[number];

/** Operations that only read. */
export type ReadOperation = Extract<Operation, { write: false }>["name"];
/** Operations that change state. */
export type WriteOperation = Extract<Operation, { write: true }>["name"];

/** The part of LegacyClient the loaders need (the client itself, or anything shaped like it). */
export interface LegacyCaller {
  call<Op extends OperationName>(
    op: Op,
    params: LegacyParams,
    options?: { apiKey?: string; signal?: AbortSignal },
  ): Promise<LegacyResults[Op]>;
}

/** How one request talks to the legacy service. */
export interface LegacyLoaderOptions {
  /** The key every call of this request sends; undefined makes each call UNAUTHENTICATED. */
  apiKey: string | undefined;
  /** Concurrent calls at most (config.legacy.concurrency). */
  concurrency: number;
  /** Aborts calls still running when the caller goes away. */
  signal?: AbortSignal;
}

/** Identifies one active subscriber of one list; emails match case-insensitively. */
export interface SubscriberKey {
  listId: string;
  email: string;
}

/**
 * The date sent to Subscribers.GetActive to get every active subscriber of a list: earlier than
 * any record the service can hold ("only subscribers added after it are returned").
 */
export const EARLIEST_DATE = "1900-01-01 00:00:00";

interface ReadKey {
  op: ReadOperation;
  params: LegacyParams;
}

/** Parameters as text in catalog order: `{ListID: 5}` and `{ListID: "5"}` are the same call. */
function cacheKey(op: OperationName, params: LegacyParams): string {
  const values = operationSpec(op).params.map((p) => {
    const value = params[p.name];
    return value === undefined || value === null ? "" : String(value);
  });
  return JSON.stringify([op, ...values]);
}

/** The legacy loaders of one request. */
export class LegacyLoaders {
  readonly #client: LegacyCaller;
  readonly #options: LegacyLoaderOptions;
  readonly #limit: LimitFunction;
  readonly #reads: DataLoader<ReadKey, unknown, string>;
  /** Keys seen per operation, so a write can drop every cached read of one operation. */
  readonly #keys = new Map<ReadOperation, Map<string, ReadKey>>();
  #aborted: GraphQLError | undefined;

  constructor(client: LegacyCaller, options: LegacyLoaderOptions) {
    this.#client = client;
    this.#options = options;
    this.#limit = pLimit(Math.max(1, Math.floor(options.concurrency)));
    this.#reads = new DataLoader<ReadKey, unknown, string>(
      // The service has no batch operations: each distinct key is its own call, all started together.
      (keys) => Promise.all(keys.map((key) => this.#send(key.op, key.params).catch((error: unknown) => toError(error)))),
      { cacheKeyFn: (key) => cacheKey(key.op, key.params) },
    );
  }

  /** A read, made once per request for the same operation and parameters. */
  read<Op extends ReadOperation>(op: Op, params: LegacyParams): Promise<LegacyResults[Op]> {
    const key: ReadKey = { op, params };
    this.#remember(key);
    return this.#reads.load(key) as Promise<LegacyResults[Op]>;
  }

  /**
   * A write, never cached. Rejects with LegacyResultError for domain outcomes (the schema maps
   * them to typed payload errors) and with a GraphQLError for everything else, a refused API key
   * included.
   */
  async write<Op extends WriteOperation>(op: Op, params: LegacyParams): Promise<LegacyResults[Op]> {
    try {
      return await this.#send(op, params);
    } catch (error) {
      if (error instanceof LegacyResultError && error.resultCode !== INVALID_API_KEY) throw error;
      throw toError(error);
    }
  }

  /** Forgets cached reads of `op`: the one with these parameters, or all of them. */
  invalidate(op: ReadOperation, params?: LegacyParams): void {
    const seen = this.#keys.get(op);
    if (!seen) return;
    if (params) {
      const id = cacheKey(op, params);
      const key = seen.get(id);
      if (key) this.#reads.clear(key);
      seen.delete(id);
      return;
    }
    for (const key of seen.values()) this.#reads.clear(key);
    seen.clear();
  }

  /** Stores a value already known for a read (a mutation's own result) so it is not fetched. */
  prime<Op extends ReadOperation>(op: Op, params: LegacyParams, value: LegacyResults[Op]): void {
    const key: ReadKey = { op, params };
    this.#remember(key);
    this.#reads.clear(key).prime(key, value);
  }

  /**
   * Batch function for active-subscriber lookups: one Subscribers.GetActive per distinct list,
   * from the earliest date, then matched by email case-insensitively. One entry per key, in order.
   */
  async activeSubscribers(keys: readonly SubscriberKey[]): Promise<(LegacySubscriber | null)[]> {
    const byList = new Map<string, Promise<Map<string, LegacySubscriber>>>();
    for (const { listId } of keys) {
      if (byList.has(listId)) continue;
      byList.set(
        listId,
        this.read("Subscribers.GetActive", { ListID: listId, Date: EARLIEST_DATE }).then(indexByEmail),
      );
    }
    return Promise.all(
      keys.map(async ({ listId, email }) => (await byList.get(listId)!).get(email.trim().toLowerCase()) ?? null),
    );
  }

  #remember(key: ReadKey): void {
    let seen = this.#keys.get(key.op);
    if (!seen) this.#keys.set(key.op, (seen = new Map()));
    seen.set(cacheKey(key.op, key.params), key);
  }

  /** The one REQUEST_ABORTED error of this request. */
  #abortedError(): GraphQLError {
    return (this.#aborted ??= requestAbortedError());
  }

  #send<Op extends OperationName>(op: Op, params: LegacyParams): Promise<LegacyResults[Op]> {
    const { apiKey, signal } = this.#options;
    if (apiKey === undefined || apiKey === "") return Promise.reject(missingApiKeyError(op));
    if (signal?.aborted) return Promise.reject(this.#abortedError());
    return this.#limit(() => {
      // A call that waited for a slot is not started once the caller has gone.
      if (signal?.aborted) return Promise.reject(this.#abortedError());
      return this.#client.call(op, params, { apiKey, signal });
    }).catch((error: unknown) => {
      // However the transport words an aborted call, every field reports the one abort.
      if (signal?.aborted || (error as { code?: unknown } | null)?.code === ABORTED_CALL_CODE) throw this.#abortedError();
      throw error;
    });
  }
}

function indexByEmail(subscribers: LegacySubscriber[]): Map<string, LegacySubscriber> {
  const index = new Map<string, LegacySubscriber>();
  for (const s of subscribers) {
    const email = s.EmailAddress.trim().toLowerCase();
    if (!index.has(email)) index.set(email, s);
  }
  return index;
}

function toError(error: unknown): Error {
  const mapped = legacyGraphQLError(error);
  return mapped instanceof Error ? mapped : new GraphQLError("The legacy list service call failed.");
}

/** Creates the legacy loaders of one request. */
export function createLegacyLoaders(client: LegacyCaller, options: LegacyLoaderOptions): LegacyLoaders {
  return new LegacyLoaders(client, options);
}
