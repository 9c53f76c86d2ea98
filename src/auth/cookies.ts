/**
 * Cookies of the gateway: reading a Cookie header and writing Set-Cookie (the `cookie` package), and
 * values signed with an HMAC so the browser can hold them without being able to change them.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";

/** The session cookie: the gateway token of a browser login (GraphiQL, same-site apps). */
export const SESSION_COOKIE = "mailgraph_session";
/** The login's state cookie, alive from /auth/commerce/login to its callback. */
export const STATE_COOKIE = "mailgraph_oauth_state";

/** Cookie values are base64url and dots, written and read as they are (no percent-coding). */
const asIs = (text: string) => text;

/** The value of cookie `name` in a Cookie header (the first, when it is there twice), or undefined. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  const value = parseCookie(header, { decode: asIs })[name];
  return value === "" ? undefined : value;
}

/** Attributes of a Set-Cookie. */
export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  secure: boolean;
}

/** A Set-Cookie value: always HttpOnly and SameSite=Lax. `value` must be cookie-safe (base64url, dots). */
export function setCookie(name: string, value: string, options: CookieOptions): string {
  return stringifySetCookie(name, value, {
    encode: asIs,
    path: options.path,
    maxAge: Math.max(0, Math.floor(options.maxAge)),
    httpOnly: true,
    sameSite: "lax",
    secure: options.secure,
  });
}

const mac = (key: Uint8Array, text: string) => createHmac("sha256", key).update(text, "utf8").digest();

/** `payload` (JSON) as base64url with its HMAC-SHA256: "<data>.<mac>". */
export function signValue(payload: unknown, key: Uint8Array): string {
  const data = Buffer.from(JSON.stringify(payload), "utf8").toString("base64url");
  return `${data}.${mac(key, data).toString("base64url")}`;
}

/** The payload of a signValue result made with `key`, or undefined when it was changed or is not one. */
export function verifyValue(value: string | undefined, key: Uint8Array): unknown {
  if (!value) return undefined;
  const dot = value.indexOf(".");
  if (dot < 0) return undefined;
  const data = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), "base64url");
  const expected = mac(key, data);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    return JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
