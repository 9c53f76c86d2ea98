/**
 * `Promise.withResolvers` (ES2024) where the runtime lacks it: Node 20. Node 22 and later have it
 * built in, and this leaves theirs alone. The gateway installs it when src/server.ts loads.
 *
 * Why the gateway needs it: graphql-tools' executor and the whatwg-node server make their deferred
 * promises with `createDeferredPromise` (@whatwg-node/promise-helpers), which returns
 * `Promise.withResolvers()` where it exists and otherwise an object literal whose `resolve` and
 * `reject` are getters over closures. On Node 20 such a literal, made afresh for every request,
 * is not let go by V8's young-generation collections: it survives them with everything its
 * closures reach, and the executor makes one per execution that is given a signal (every query
 * over HTTP, to stop when the caller hangs up), whose closures reach the whole execution. A loop
 * standing for requests promoted 14 bytes per request to the old generation with a plain
 * `{ promise, reject }`, 1,214 with the same object and a getter for `reject`; the gateway with
 * its client stubbed promoted 3,218 bytes per request with the fallback and 510 without the
 * signal (bench/RESULTS.md, 2026-11-27 evening). The object returned here is a plain one, as the
 * built-in's is: three data properties.
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
