/** A slow stand-in for a backend, and the gateway as a child process, for the shutdown tests. */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { listen, type Listening } from "../../src/util/listen.js";
import { output, runEntry } from "../support/child-process.js";

/** A proxy that forwards to `target` after `delayMs` for POSTs (backend calls); GETs (probes) at once. */
export interface SlowProxy extends Listening {
  /** Backend calls received so far. */
  readonly calls: number;
}

export async function slowProxy(target: string, delayMs: number): Promise<SlowProxy> {
  let calls = 0;
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = httpRequest(
      `${target}${req.url ?? "/"}`,
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
  const proxy = await listen((req, res) => {
    if (req.method !== "POST") return forward(req, res);
    calls++;
    // Read the body now, forward it later: the call is in flight at the backend meanwhile.
    const timer = setTimeout(() => forward(req, res), delayMs);
    res.once("close", () => clearTimeout(timer));
  });
  // A getter (Object.assign would copy the count once).
  return Object.defineProperty(proxy, "calls", { get: () => calls }) as SlowProxy;
}

/** `npm start` (src/main.ts under tsx) with `env`, resolved once it prints where GraphiQL is. */
export async function startGatewayProcess(
  env: Record<string, string>,
): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = runEntry("src/main.ts", {
    HOST: "127.0.0.1",
    PORT: "0",
    SANDBOX_COMMERCE_PORT: "0",
    SANDBOX_LEGACY_PORT: "0",
    AUTH_MODE: "open",
    ...env,
  });
  const banner = await output(child, /GraphiQL\s+http:\/\/\S+\/graphql/);
  const url = /GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(banner)?.[1];
  if (!url) throw new Error(`no URL in ${banner}`);
  return { child, url };
}

/** Resolves with the exit code and when the process exited. */
export function exited(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; at: number }> {
  if (child.exitCode !== null) return Promise.resolve({ code: child.exitCode, at: Date.now() });
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, at: Date.now() })));
}
