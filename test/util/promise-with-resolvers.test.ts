import { createDeferredPromise } from "@whatwg-node/promise-helpers";
import { describe, expect, it } from "vitest";
import "../../src/server.js";
import { installPromiseWithResolvers } from "../../src/util/promise-with-resolvers.js";

type WithResolvers = <T>() => { promise: Promise<T>; resolve: (value: T) => void; reject: (reason?: unknown) => void };

/** A Promise subclass standing for a runtime without Promise.withResolvers (Node 20). */
function promiseWithoutWithResolvers(): PromiseConstructor {
  class Bare<T> extends Promise<T> {}
  Reflect.defineProperty(Bare, "withResolvers", { value: undefined, configurable: true, writable: true });
  return Bare;
}

/** True when `key` is a data property of `object` (a value, not a getter). */
function isDataProperty(object: object, key: string): boolean {
  const descriptor = Object.getOwnPropertyDescriptor(object, key);
  return descriptor !== undefined && "value" in descriptor;
}

describe("Promise.withResolvers where the runtime lacks it", () => {
  it("installs a withResolvers that settles its promise either way and is shaped as the built-in", async () => {
    const Bare = promiseWithoutWithResolvers();
    expect(installPromiseWithResolvers(Bare)).toBe(true);
    const descriptor = Object.getOwnPropertyDescriptor(Bare, "withResolvers")!;
    expect([descriptor.writable, descriptor.configurable, descriptor.enumerable]).toEqual([true, true, false]);
    const withResolvers = <T>() => (Bare as unknown as { withResolvers: WithResolvers }).withResolvers<T>();

    const fulfilled = withResolvers<number>();
    expect(fulfilled.promise).toBeInstanceOf(Bare);
    // Three data properties, as the built-in returns: no getters (util/promise-with-resolvers.ts says why).
    expect(Object.keys(fulfilled)).toEqual(["promise", "resolve", "reject"]);
    expect(["promise", "resolve", "reject"].map((key) => isDataProperty(fulfilled, key))).toEqual([true, true, true]);
    fulfilled.resolve(7);
    await expect(fulfilled.promise).resolves.toBe(7);

    const rejected = withResolvers<number>();
    rejected.reject(new Error("no"));
    await expect(rejected.promise).rejects.toThrow("no");

    // Once there, installing again leaves it as it is.
    const installed = (Bare as unknown as { withResolvers: unknown }).withResolvers;
    expect(installPromiseWithResolvers(Bare)).toBe(false);
    expect((Bare as unknown as { withResolvers: unknown }).withResolvers).toBe(installed);
  });

  it("leaves a runtime's own withResolvers alone", () => {
    const own = () => ({ promise: Promise.resolve(), resolve: () => {}, reject: () => {} });
    class WithOwn<T> extends Promise<T> {}
    Reflect.defineProperty(WithOwn, "withResolvers", { value: own, configurable: true, writable: true });
    expect(installPromiseWithResolvers(WithOwn as unknown as PromiseConstructor)).toBe(false);
    expect((WithOwn as unknown as { withResolvers: unknown }).withResolvers).toBe(own);
  });

  it("is in place once the gateway is loaded, so the executor's deferred promises are plain objects", async () => {
    expect(typeof (Promise as unknown as { withResolvers?: unknown }).withResolvers).toBe("function");
    // graphql-tools' executor makes one of these per execution given a signal; without
    // Promise.withResolvers it would be an object literal with getters over closures.
    const deferred = createDeferredPromise<string>();
    expect([isDataProperty(deferred, "resolve"), isDataProperty(deferred, "reject")]).toEqual([true, true]);
    deferred.resolve("done");
    await expect(deferred.promise).resolves.toBe("done");
  });
});
