/**
 * An insertion-ordered collection for members that come and go at request rate: `add` gives back
 * the member's entry, `delete(entry)` takes it out in O(1). Not a Set: V8 links each replaced
 * hash table to its successor, so once one table ages into the old generation every later table
 * and member survives scavenges (bench/profiling/primitives-ab.ts measures it). See
 * docs/decisions.md, "What the young generation keeps".
 */

/** A member's place in a ChurnList; give it back to `delete` to take the member out. */
export interface ChurnEntry<T> {
  readonly value: T | undefined;
}

interface Node<T> extends ChurnEntry<T> {
  value: T | undefined;
  prev: Node<T> | undefined;
  next: Node<T> | undefined;
  owner: ChurnList<T> | undefined;
}

export class ChurnList<T> implements Iterable<T> {
  #head: Node<T> | undefined;
  #tail: Node<T> | undefined;

  /** Adds `value` last; the entry it returns takes it out again. */
  add(value: T): ChurnEntry<T> {
    const node: Node<T> = { value, prev: this.#tail, next: undefined, owner: this };
    if (this.#tail) this.#tail.next = node;
    else this.#head = node;
    this.#tail = node;
    return node;
  }

  /** Takes the entry's member out; false when it was taken out already (or belongs to another list). */
  delete(entry: ChurnEntry<T>): boolean {
    const node = entry as Node<T>;
    if (node.owner !== this) return false;
    if (node.prev) node.prev.next = node.next;
    else this.#head = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.#tail = node.prev;
    // Let go of neighbours and member, so an entry that aged and died holds nothing younger.
    node.prev = node.next = node.owner = node.value = undefined;
    return true;
  }

  /** The members in the order they were added, as they are now (deleting while iterating is safe). */
  values(): T[] {
    const values: T[] = [];
    for (let node = this.#head; node; node = node.next) values.push(node.value as T);
    return values;
  }

  [Symbol.iterator](): Iterator<T> {
    return this.values()[Symbol.iterator]();
  }
}
