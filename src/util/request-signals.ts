/**
 * The abort signals of one GraphQL request served over node:http: one ExecutionAbort (for the
 * executor), one CallAbort (for the backend calls) and one timer, where `AbortSignal.any` and
 * `AbortSignal.timeout` would build composite signals on every request. An abort reason is made
 * only when the request is abandoned or runs past its deadline.
 */
import type { ServerResponse } from "node:http";
import { CallAbort, type CallerSignal } from "./call-abort.js";

type AbortListener = ((event: Event) => void) | { handleEvent(event: Event): void };

/**
 * The signal graphql-tools' executor follows to stop resolving once the caller hangs up: the part
 * of AbortSignal it reads (`aborted`, `reason`, `throwIfAborted`, and "abort" listeners added and
 * removed) on a CallAbort. Not a Node AbortSignal: making one is costly (it is an EventTarget
 * given another prototype and properties after construction). Listeners run once, in the order
 * added, with an "abort" Event; options other than the listener are not needed by the executor and
 * ignored.
 */
export class ExecutionAbort extends CallAbort {
  /** How to take back each listener added, made on the first add. */
  #removers: Map<AbortListener, () => void> | undefined;

  addEventListener(type: string, listener: AbortListener | null): void {
    if (type !== "abort" || !listener || this.aborted || this.#removers?.has(listener)) return;
    const removers = (this.#removers ??= new Map());
    const remove = this.onAbort(() => {
      removers.delete(listener);
      const event = new Event("abort");
      if (typeof listener === "function") listener.call(this, event);
      else listener.handleEvent(event);
    });
    removers.set(listener, remove);
  }

  removeEventListener(type: string, listener: AbortListener | null): void {
    if (type !== "abort" || !listener) return;
    const remove = this.#removers?.get(listener);
    if (!remove) return;
    this.#removers!.delete(listener);
    remove();
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
}

/** What a request's work listens to. */
export interface RequestSignals {
  /** Fires when the caller hangs up before the response is finished: execution stops. */
  readonly gone: ExecutionAbort;
  /** Fires when the caller is gone or the deadline passes: backend calls still running end. */
  readonly backend: CallAbort;
}

/**
 * Signals for the request answered through `res`. `onHangUp`, if given, runs once when the caller
 * goes away before the response is complete. The deadline's reason is a `TimeoutError` DOMException, the
 * way `AbortSignal.timeout` reports one, so the backend clients tell a deadline from a hang-up.
 */
export function requestSignals(res: ServerResponse, deadlineMs: number, onHangUp?: () => void): RequestSignals {
  const gone = new ExecutionAbort();
  const backend = new CallAbort();
  const deadline = setTimeout(() => {
    backend.abort(new DOMException("The request's deadline passed.", "TimeoutError"));
  }, deadlineMs);
  // A timer must not keep a stopping process alive; the response's end clears it anyway.
  deadline.unref();
  res.once("close", () => {
    clearTimeout(deadline);
    if (res.writableFinished) return;
    onHangUp?.();
    const reason = new DOMException("The caller hung up.", "AbortError");
    gone.abort(reason);
    backend.abort(reason);
  });
  return { gone, backend };
}

/** What follows a signal: an AbortController, or a backend call's CallAbort (util/call-abort.ts). */
export interface Abortable {
  abort(reason: unknown): void;
}

/** The controllers following one parent signal, and the parent's one listener that aborts them. */
interface Followers {
  readonly controllers: Set<Abortable>;
  readonly onAbort: () => void;
}

const followersOf = new WeakMap<AbortSignal, Followers>();

/**
 * Makes `controller` abort with `parent`'s reason when `parent` aborts (at once when it already
 * has); returns the function that stops following. However many controllers follow one parent at
 * once, the parent carries one abort listener (Node warns past 10), and none once nobody follows:
 * a long-lived parent (a websocket's) keeps nothing of the work that followed it.
 */
export function followSignal(parent: CallerSignal, controller: Abortable): () => void {
  if (parent.aborted) {
    controller.abort(parent.reason);
    return () => {};
  }
  // A CallAbort keeps its own small list of listeners, without an EventTarget's cost.
  if (parent instanceof CallAbort) return parent.onAbort(() => controller.abort(parent.reason));
  let followers = followersOf.get(parent);
  if (!followers) {
    const controllers = new Set<Abortable>();
    const onAbort = () => {
      followersOf.delete(parent);
      for (const follower of controllers) follower.abort(parent.reason);
      controllers.clear();
    };
    followers = { controllers, onAbort };
    followersOf.set(parent, followers);
    parent.addEventListener("abort", onAbort, { once: true });
  }
  const own = followers;
  own.controllers.add(controller);
  return () => {
    if (!own.controllers.delete(controller) || own.controllers.size > 0) return;
    if (followersOf.get(parent) !== own) return;
    followersOf.delete(parent);
    parent.removeEventListener("abort", own.onAbort);
  };
}

/**
 * A signal that fires when `parent` does or `ms` pass, whichever comes first (a deadline's reason
 * is a TimeoutError DOMException, as `AbortSignal.timeout` gives). Unlike `AbortSignal.any` over
 * `AbortSignal.timeout`, whose timeout signal nothing holds strongly once it is handed over (so a
 * collection can drop it and the deadline never fires), the timer here is a plain one; it lets go of
 * `parent` when it fires.
 */
export function deadlineSignal(parent: CallerSignal, ms: number): AbortSignal {
  const controller = new AbortController();
  const unfollow = followSignal(parent, controller);
  if (controller.signal.aborted) return controller.signal;
  const timer = setTimeout(() => {
    unfollow();
    controller.abort(new DOMException("The request's deadline passed.", "TimeoutError"));
  }, ms);
  // A timer must not keep a stopping process alive.
  timer.unref();
  return controller.signal;
}
