/**
 * GraphiQL's page, loaded on its first request and then served from memory. @graphql-yoga/render-graphiql
 * carries the whole IDE inline (its scripts and styles, about 30 MB of source text the V8 heap
 * keeps once the module is loaded): a gateway that never serves the page never holds it.
 *
 * The page is about 9 MB of HTML and the same for every caller, and anyone may ask for it (it holds
 * no data). Rendered and encoded per request, as yoga does, 60 requests at once held the event loop
 * for seconds (/health answered after 5.7 s) and took 200 MB. So it is rendered once, compressed
 * once (brotli and gzip, off the event loop), and each request is sent the bytes its
 * Accept-Encoding takes, with an ETag per encoding, so a browser revalidating gets a 304.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
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

/**
 * Run before GraphiQL starts, in the page's head. GraphiQL opens the stored tab whose query,
 * variables and headers equal the "last query" it stored apart (or the URL's `query`), and adds a
 * new tab when none does: after a reload (the login's return included) it stored none, and every
 * reload opened an empty `<untitled>` tab. So the tab that was open is named as that last query.
 * A URL naming another query (a shared link) is left to GraphiQL: it opens it in a new tab.
 *
 * A document error GraphiQL finds in the browser (an empty or unparsable document) is shown with
 * its `stack`: the IDE's own internals, of no use to the user. V8's stack trace hook leaves
 * GraphQL errors without one (Chromium's engine; other browsers ignore the hook) and formats any
 * other error's stack as V8 does.
 */
const PAGE_SCRIPT = `<script>
(() => {
  const key = (name) => "graphiql:" + name;
  try {
    const state = JSON.parse(localStorage.getItem(key("tabState")) || "null");
    const tab = state && Array.isArray(state.tabs) ? state.tabs[state.activeTabIndex] : undefined;
    const linked = new URLSearchParams(location.search).get("query");
    if (tab && (!linked || linked === tab.query)) {
      for (const name of ["query", "variables", "headers"]) {
        const value = tab[name];
        if (typeof value === "string" && value !== "") localStorage.setItem(key(name), value);
        else localStorage.removeItem(key(name));
      }
    }
  } catch {
    // No storage, or not GraphiQL's: it opens its default tabs.
  }
  Error.prepareStackTrace = (error, frames) => {
    if (error instanceof Error && error.name === "GraphQLError") return undefined;
    let head;
    try {
      head = String(error);
    } catch {
      head = "Error";
    }
    return head + frames.map((frame) => "\\n    at " + frame).join("");
  };
})();
</script>`;

/** `html` with GraphiQL's page script (PAGE_SCRIPT) at the end of its head. */
export function withPageScript(html: string): string {
  const end = html.indexOf("</head>");
  return end < 0 ? html : html.slice(0, end) + PAGE_SCRIPT + html.slice(end);
}

/**
 * Yoga's `renderGraphiQL`: the page, with `decorate` (e.g. the login bar) applied to the renderer
 * and the page script added.
 */
export function lazyGraphiQL(decorate: (render: Render) => Render = (render) => render) {
  return async (options?: GraphiQLOptions): Promise<string> => withPageScript(decorate(await renderer())(options));
}

/** Content codings the page is kept in, in order of preference. */
const CODINGS = ["br", "gzip", "identity"] as const;
type Coding = (typeof CODINGS)[number];

/** One coding of the page: its bytes and their ETag. */
interface Encoded {
  body: Buffer;
  etag: string;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function encodeAll(html: string): Promise<Record<Coding, Encoded>> {
  const identity = Buffer.from(html, "utf8");
  // Quality 5: within a few percent of the best brotli here at a small fraction of its time;
  // zlib runs on the thread pool, so the event loop goes on serving meanwhile.
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzipped(identity, { level: 6 }),
  ]);
  const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 22);
  const tag = (suffix: string): string => `"${hash}${suffix}"`;
  return {
    br: { body: br, etag: tag("-br") },
    gzip: { body: gz, etag: tag("-gz") },
    identity: { body: identity, etag: tag("") },
  };
}

/**
 * The coding to send for an Accept-Encoding header (RFC 9110 §12.5.3): each of ours gets the weight
 * its own entry gives, else `*`'s, else (identity) 1 or (the others) 0; the heaviest above 0 wins,
 * ties going to the smaller body. Undefined when every one is refused.
 */
function chosenCoding(header: string | undefined): Coding | undefined {
  const named = new Map<string, number>();
  let any: number | undefined;
  for (const part of (header ?? "").split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (name === "") continue;
    const q = params.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    const value = Number.isFinite(weight) ? Math.min(Math.max(weight, 0), 1) : 0;
    if (name === "*") any = value;
    else named.set(name === "x-gzip" ? "gzip" : name, value);
  }
  let best: Coding | undefined;
  let bestWeight = 0;
  for (const coding of CODINGS) {
    const weight = named.get(coding) ?? any ?? (coding === "identity" ? 1 : 0);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether an If-None-Match header names `etag` (weakly compared, as for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(",").some((tag) => {
    const t = tag.trim();
    return t === "*" || t.replace(/^W\//, "") === etag;
  });
}

/** Whether yoga would answer this request with GraphiQL: a GET accepting HTML (its own test). */
export function wantsGraphiQL(req: IncomingMessage): boolean {
  return req.method === "GET" && (req.headers.accept ?? "").includes("text/html");
}

/**
 * Serves `render()`'s page: rendered and compressed on the first request (requests meanwhile wait
 * for the same work), then the kept bytes. A render that fails is tried again by the next request.
 */
export function cachedPage(
  render: () => Promise<string>,
): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  let page: Promise<Record<Coding, Encoded>> | undefined;
  const prepared = () => {
    page ??= render().then(encodeAll);
    page.catch(() => {
      page = undefined;
    });
    return page;
  };
  return async (req, res) => {
    const codings = await prepared();
    const coding = chosenCoding(req.headers["accept-encoding"]);
    if (coding === undefined) {
      res.writeHead(406, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
      res.end("The page is available as br, gzip or identity.");
      return;
    }
    const { body, etag } = codings[coding];
    const headers: Record<string, string | number> = {
      "content-type": "text/html; charset=utf-8",
      // Kept by the browser, asked again each time: a new gateway version is seen at once.
      "cache-control": "no-cache",
      etag,
      vary: "Accept-Encoding",
    };
    if (matches(req.headers["if-none-match"], etag)) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (coding !== "identity") headers["content-encoding"] = coding;
    headers["content-length"] = body.length;
    res.writeHead(200, headers);
    res.end(body);
  };
}
