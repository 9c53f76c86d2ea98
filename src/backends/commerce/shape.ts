/**
 * Small readers that check a decoded JSON value against the shape the client expects and throw
 * COMMERCE_BAD_RESPONSE naming the offending field path (e.g. `data[3].email`).
 */
import { CommerceTransportError } from "./errors.js";
import { MAX_JSON_DEPTH, nestsDeeperThan } from "../../util/json-depth.js";

/** A JSON value together with where it sits in the reply, for messages. */
export class Field {
  constructor(
    readonly value: unknown,
    readonly path: string,
    private readonly where: string,
  ) {}

  private fail(expected: string): never {
    const got = this.value === null ? "null" : Array.isArray(this.value) ? "array" : typeof this.value;
    throw new CommerceTransportError(
      "COMMERCE_BAD_RESPONSE",
      `${this.where}: ${this.path} must be ${expected} (got ${got})`,
    );
  }

  get(key: string): Field {
    const obj = this.object();
    return new Field(Object.hasOwn(obj, key) ? obj[key] : undefined, `${this.path}.${key}`, this.where);
  }

  object(): Record<string, unknown> {
    if (typeof this.value !== "object" || this.value === null || Array.isArray(this.value)) this.fail("an object");
    return this.value as Record<string, unknown>;
  }

  /**
   * The elements of an array. With `max`, an array of more elements is refused before any of
   * them is looked at: a page longer than asked for costs no more than its length to refuse.
   */
  items(max?: number): Field[] {
    if (!Array.isArray(this.value)) this.fail("an array");
    const values = this.value as unknown[];
    if (max !== undefined && values.length > max) {
      throw new CommerceTransportError(
        "COMMERCE_BAD_RESPONSE",
        `${this.where}: ${this.path} holds ${values.length} entries where at most ${max} were asked for`,
      );
    }
    return values.map((v, i) => new Field(v, `${this.path}[${i}]`, this.where));
  }

  string(): string {
    if (typeof this.value !== "string") this.fail("a string");
    return this.value;
  }

  number(): number {
    if (typeof this.value !== "number" || !Number.isFinite(this.value)) this.fail("a number");
    return this.value;
  }

  /**
   * A count: a whole number from 0 to 2^31 − 1, what the graph's Int carries (totals, page sizes,
   * unsubscribe reports); anything else is a bad reply, not a number passed on to fail later.
   */
  count(): number {
    const n = this.value;
    if (typeof n !== "number" || !isCount(n)) this.fail("a whole number from 0 to 2147483647");
    return n;
  }

  optionalCount(): number | undefined {
    return this.absent() ? undefined : this.count();
  }

  boolean(): boolean {
    if (typeof this.value !== "boolean") this.fail("a boolean");
    return this.value;
  }

  absent(): boolean {
    return this.value === undefined || this.value === null;
  }

  optionalString(): string | null {
    return this.absent() ? null : this.string();
  }

  optionalNumber(): number | undefined {
    return this.absent() ? undefined : this.number();
  }

  oneOf<T extends string>(values: readonly T[]): T {
    const s = this.string();
    if (!(values as readonly string[]).includes(s)) this.fail(`one of ${values.join(", ")}`);
    return s as T;
  }

  /**
   * An object passed on as the backend gave it, of any fields, nesting at most MAX_JSON_DEPTH
   * levels (the object itself is one): a deeper one would overflow the stack of whatever
   * serializes it later, so it is a bad reply here, naming its path.
   */
  passThrough(): Record<string, unknown> {
    const obj = this.object();
    if (nestsDeeperThan(obj, MAX_JSON_DEPTH)) {
      throw new CommerceTransportError(
        "COMMERCE_BAD_RESPONSE",
        `${this.where}: ${this.path} nests deeper than ${MAX_JSON_DEPTH} levels`,
      );
    }
    return obj;
  }

  /** A passed-through object (passThrough) of any fields; missing or null becomes {}. */
  record(): Record<string, unknown> {
    return this.absent() ? {} : this.passThrough();
  }
}

/** The root of a reply body. */
export function root(value: unknown, where: string): Field {
  return new Field(value, "body", where);
}

/** Whether `n` is a count the graph's Int carries: a whole number from 0 to 2^31 − 1. */
export function isCount(n: number): boolean {
  return Number.isInteger(n) && n >= 0 && n <= 2_147_483_647;
}
