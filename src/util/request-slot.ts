/**
 * A value kept for one request on the request's own object under a private symbol. Not a
 * module-level WeakMap: an old-generation entry whose value reaches back to its key keeps the
 * request and all it reaches alive through scavenges (bench/profiling/weakmap-promotion.ts shows it,
 * primitives-ab.ts measures it per request).
 * A property dies with its object. See docs/decisions.md, "What the young generation keeps".
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
