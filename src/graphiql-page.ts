/**
 * GraphiQL's page, loaded on its first request. @graphql-yoga/render-graphiql carries the whole
 * IDE inline (its scripts and styles, about 30 MB of source text the V8 heap keeps once the module
 * is loaded): a gateway that never serves the page never holds it.
 */
import type { GraphiQLOptions } from "graphql-yoga";

type Render = (options?: GraphiQLOptions) => string;

let loading: Promise<Render> | undefined;

/** The module's renderer, imported once. */
function renderer(): Promise<Render> {
  loading ??= import("@graphql-yoga/render-graphiql").then((module) => module.renderGraphiQL);
  loading.catch(() => {
    // A failed import is tried again on the next request.
    loading = undefined;
  });
  return loading;
}

/** Yoga's `renderGraphiQL`: the page, with `decorate` (e.g. the login bar) applied to the renderer. */
export function lazyGraphiQL(decorate: (render: Render) => Render = (render) => render) {
  return async (options?: GraphiQLOptions): Promise<string> => decorate(await renderer())(options);
}
