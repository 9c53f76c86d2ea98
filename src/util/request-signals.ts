/**
 * The abort signals of one GraphQL request served over node:http, made cheaply: two plain
 * AbortControllers and one timer, where `AbortSignal.any` and `AbortSignal.timeout` would build
 * composite signals (and their bookkeeping) on every request. Nothing is allocated for an abort
 * reason unless the request is actually abandoned or runs past its deadline.
 */
import type { ServerResponse } from "node:http";

/** What a request's work listens to. */
export interface RequestSignals {
  /** Fires when the caller hangs up before the response is finished: execution stops. */
  readonly gone: AbortSignal;
  /** Fires when the caller is gone or the deadline passes: backend calls still running end. */
  readonly backend: AbortSignal;
}

/**
 * Signals for the request answered through `res`. `onHangUp`, if given, runs once when the caller
 * goes away before the response is complete. The deadline's reason is a `TimeoutError` DOMException, the
 * way `AbortSignal.timeout` reports one, so the backend clients tell a deadline from a hang-up.
 */
export function requestSignals(res: ServerResponse, deadlineMs: number, onHangUp?: () => void): RequestSignals {
  const gone = new AbortController();
  const backend = new AbortController();
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
  return { gone: gone.signal, backend: backend.signal };
}
