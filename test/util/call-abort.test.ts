import { describe, expect, it } from "vitest";
import { CallAbort } from "../../src/util/call-abort.js";
import { followSignal } from "../../src/util/request-signals.js";

describe("CallAbort", () => {
  it("aborts once, with the first reason, running each listener once in the order they came", () => {
    const call = new CallAbort();
    const heard: string[] = [];
    call.onAbort(() => heard.push(`a:${String(call.reason)}`));
    call.onAbort(() => heard.push("b"));
    expect([call.aborted, call.reason]).toEqual([false, undefined]);
    call.abort("first");
    call.abort("second");
    expect([call.aborted, call.reason]).toEqual([true, "first"]);
    expect(heard).toEqual(["a:first", "b"]);
  });

  it("does not run a listener taken back, and taking one back twice is harmless", () => {
    const call = new CallAbort();
    const heard: string[] = [];
    const stop = call.onAbort(() => heard.push("gone"));
    call.onAbort(() => heard.push("kept"));
    stop();
    stop();
    call.abort(new Error("x"));
    expect(heard).toEqual(["kept"]);
  });

  it("runs every listener when one throws, and the error still surfaces on its own", async () => {
    const call = new CallAbort();
    const heard: string[] = [];
    const surfaced = new Promise<unknown>((resolve) => process.once("uncaughtException", resolve));
    call.onAbort(() => {
      throw new Error("listener failed");
    });
    call.onAbort(() => heard.push("after"));
    expect(() => call.abort("x")).not.toThrow();
    expect(heard).toEqual(["after"]);
    expect(((await surfaced) as Error).message).toBe("listener failed");
  });

  it("never runs a listener added after the abort", () => {
    const call = new CallAbort();
    call.abort("done");
    let ran = false;
    call.onAbort(() => (ran = true))();
    expect(ran).toBe(false);
  });

  it("follows a caller's AbortSignal with its reason, and lets go of it once unfollowed", () => {
    const caller = new AbortController();
    const followed = new CallAbort();
    const left = new CallAbort();
    followSignal(caller.signal, followed);
    followSignal(caller.signal, left)();
    caller.abort(new DOMException("The caller hung up.", "AbortError"));
    expect(followed.aborted).toBe(true);
    expect((followed.reason as DOMException).name).toBe("AbortError");
    expect(left.aborted).toBe(false);
  });

  it("is followed by the calls under it, each let go of when it unfollows", () => {
    const request = new CallAbort();
    const call = new CallAbort();
    const done = new CallAbort();
    const controller = new AbortController();
    followSignal(request, call);
    followSignal(request, controller);
    followSignal(request, done)();
    request.abort(new DOMException("The request's deadline passed.", "TimeoutError"));
    expect((call.reason as DOMException).name).toBe("TimeoutError");
    expect((controller.signal.reason as DOMException).name).toBe("TimeoutError");
    expect(done.aborted).toBe(false);
    // Following one already aborted aborts at once.
    const late = new CallAbort();
    followSignal(request, late);
    expect(late.aborted).toBe(true);
  });
});
