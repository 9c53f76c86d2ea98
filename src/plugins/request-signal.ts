/**
 * `useRequestSignal({ signalOf })`: resolvers stop being called once an HTTP request's signal
 * aborts (execution honours `signal`), instead of finishing work nobody will read.
 *
 * A websocket's CallAbort (and a shared execution's) is for the gateway's services only: graphql-
 * tools' executor puts a listener on an execution's signal that stays until the signal aborts,
 * one per operation on a socket that lives for hours. Over websockets graphql-ws returns the
 * socket's streams when it closes, and the operations' backend calls end with it (the context).
 */
import type { Plugin } from "graphql-yoga";
import type { CallerSignal } from "../util/call-abort.js";
import { ExecutionAbort } from "../util/request-signals.js";

/** Options of useRequestSignal. */
export interface RequestSignalOptions {
  /** The signal that ends `request`'s work, as the context factory kept it. */
  readonly signalOf: (request: Request) => CallerSignal | undefined;
}

export function useRequestSignal({ signalOf }: RequestSignalOptions): Plugin {
  const attach = ({ args }: { args: { contextValue: unknown } }) => {
    const request = (args.contextValue as { request?: Request } | undefined)?.request;
    const signal = request && signalOf(request);
    if (signal instanceof AbortSignal || signal instanceof ExecutionAbort) {
      (args as { signal?: AbortSignal | ExecutionAbort }).signal = signal;
    }
  };
  return { onExecute: attach, onSubscribe: attach };
}
