/**
 * `Promise.withResolvers` (ES2024) where the runtime lacks it (Node 20). Without it the executor's
 * deferred promises fall back to a literal with getters over closures, which V8 promotes out of
 * the young generation with the execution it reaches. See docs/decisions.md, "What the young
 * generation keeps"; measured: bench/profiling/primitives-ab.ts.
 */

interface Resolvers<T> {
  promise: Promise<T>;
  resolve: (value: T | PromiseLike<T>) => void;
  reject: (reason?: unknown) => void;
}

type WithResolvers = <T>(this: PromiseConstructor) => Resolvers<T>;

/** The spec's steps: a new promise of `this` (a Promise constructor) and its two functions. */
function withResolvers<T>(this: PromiseConstructor): Resolvers<T> {
  let resolve!: Resolvers<T>["resolve"];
  let reject!: Resolvers<T>["reject"];
  const promise = new this<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Installs `Promise.withResolvers` unless the runtime has it; true when it installed it. */
export function installPromiseWithResolvers(target: PromiseConstructor = Promise): boolean {
  const holder = target as unknown as { withResolvers?: WithResolvers };
  if (typeof holder.withResolvers === "function") return false;
  // As the built-in is: writable, configurable, not enumerable.
  Object.defineProperty(target, "withResolvers", {
    value: withResolvers,
    writable: true,
    configurable: true,
    enumerable: false,
  });
  return true;
}
