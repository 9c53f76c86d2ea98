/**
 * Helpers of the commerce sandbox tests: a fake clock, token builders (jose) and a small fetch
 * wrapper. Everything goes over real HTTP to a sandbox on an ephemeral port.
 */
import { CompactSign } from "jose";
import { COMMERCE_SCOPES } from "../../../src/backends/commerce/catalog.js";
import type { CommerceSandbox } from "../../../src/sandbox/commerce/index.js";

/** A clock tests move by hand. */
export interface FakeClock {
  now: () => Date;
  advance(ms: number): void;
  seconds(): number;
}

export function fakeClock(start = Date.UTC(2025, 5, 1, 12, 0, 0)): FakeClock {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => void (t += ms), seconds: () => Math.floor(t / 1000) };
}

const enc = new TextEncoder();

/** A compact JWS over a JSON payload with an HMAC secret. */
export const signHmac = (payload: object, secret: string, alg = "HS256"): Promise<string> =>
  new CompactSign(enc.encode(JSON.stringify(payload))).setProtectedHeader({ alg }).sign(enc.encode(secret));

/** A PoP token for an access token, signed with the demo app's secret. */
export const popToken = (sandbox: CommerceSandbox, at: string, ts: number, alg = "HS256"): Promise<string> =>
  signHmac({ at, ts }, sandbox.demo.app.clientSecret, alg);

/** A partner token for the demo app. */
export const partnerToken = (sandbox: CommerceSandbox, alg = "HS256"): Promise<string> =>
  signHmac({ iss: sandbox.demo.app.clientId }, sandbox.demo.app.clientSecret, alg);

/** A decoded reply. */
export interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- decoded JSON of any shape; tests assert it at run time
  body: any;
  text: string;
}

/** One request; `body` objects are sent as JSON. Redirects are not followed. */
export async function call(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...init.headers };
  let body: string | undefined;
  if (typeof init.body === "string") body = init.body;
  else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await fetch(url, { method: init.method ?? "GET", headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = undefined;
  if ((res.headers.get("content-type") ?? "").startsWith("application/json")) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Headers of the store owner's API key. */
export const apiKey = (sandbox: CommerceSandbox): Record<string, string> => ({ "X-ApiKey": sandbox.demo.apiKey });

/** Headers of a fresh PoP token for `at`, valid on `clock`. */
export async function pop(
  sandbox: CommerceSandbox,
  at: string,
  clock: FakeClock,
  alg = "HS256",
): Promise<Record<string, string>> {
  return { Authorization: `PoP ${await popToken(sandbox, at, clock.seconds(), alg)}` };
}

/** Every scope the spec names. */
export const ALL_SCOPES: string[] = [...COMMERCE_SCOPES];
