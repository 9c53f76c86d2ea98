/**
 * `useStreamContext({ take })`: a subscription's context takes the caller's signal only.
 * REQUEST_DEADLINE_MS bounds one answer, and a stream outlives it (every backend call keeps its
 * own *_CALL_DEADLINE_MS), so a subscription's context is remade without the request's deadline.
 */
import type { Plugin } from "graphql-yoga";

/** Options of useStreamContext. */
export interface StreamContextOptions {
  /**
   * How to remake `request`'s context for a stream, given up by the caller as it is taken: kept,
   * it would hold the request's deadline signal for as long as the stream runs.
   */
  readonly take: (request: Request) => (() => object) | undefined;
}

export function useStreamContext({ take }: StreamContextOptions): Plugin {
  return {
    onSubscribe({ args }) {
      const context = args.contextValue as { request?: Request } | undefined;
      const request = context?.request;
      const remake = request && take(request);
      if (!remake) return;
      Object.assign(context, remake());
    },
  };
}
