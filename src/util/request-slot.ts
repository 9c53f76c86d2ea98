/**
 * A value the gateway keeps for one request, held on the request's own object (the node
 * IncomingMessage, the fetch Request) under a private symbol rather than in a module-level WeakMap
 * keyed by it.
 *
 * Why not a WeakMap: a module-level WeakMap lives in V8's old generation, and an entry whose value
 * reaches back to its own key (a request's signals reach, through the listeners its execution
 * leaves on them, the context and so the request) is not let go by the young-generation
 * collections (scavenges) that run while requests are served: key and value survive them and are
 * promoted to the old generation with everything they reach, the request, its response and its
 * execution, until a full collection. On Node 20 a loop standing for requests promoted 801 bytes
 * per request with such an entry, 20 without it, 27 with one whose value does not reach its key and
 * 19 with the value on a property (`npx tsx bench/weakmap-promotion.ts`). A property dies with its
 * object.
 */
export class RequestSlot<Owner extends object, Value> {
  readonly #key: symbol;

  /** `name` only labels the symbol (seen in a heap snapshot). */
  constructor(name: string) {
    this.#key = Symbol(name);
  }

  get(owner: Owner): Value | undefined {
    return (owner as Record<symbol, Value | undefined>)[this.#key];
  }

  set(owner: Owner, value: Value): void {
    (owner as Record<symbol, Value | undefined>)[this.#key] = value;
  }

  /** Lets go of the value (the property stays, set to undefined: deleting it would slow the object). */
  clear(owner: Owner): void {
    const slots = owner as Record<symbol, Value | undefined>;
    if (slots[this.#key] !== undefined) slots[this.#key] = undefined;
  }
}
