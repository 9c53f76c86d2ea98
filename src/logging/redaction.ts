/**
 * What never reaches a log line: credentials (API keys, tokens, secrets, cookies, Authorization
 * headers) and email addresses. Two layers: pino's redact paths censor known fields of logged
 * objects, and every finished line is scrubbed as text, for whatever reached it some other way
 * (an error message echoing a request, a header dumped whole, a path holding an address).
 */
import { redactorFor } from "../util/redact.js";

/** What a censored field or scrubbed secret is replaced with. */
export const CENSOR = "[redacted]";
/** What an email address is replaced with. */
export const EMAIL_CENSOR = "[email]";

const SECRET_KEYS = [
  "authorization",
  "cookie",
  '["set-cookie"]',
  '["x-apikey"]',
  '["x-legacy-api-key"]',
  '["x-commerce-api-key"]',
  "apiKey",
  "accessToken",
  "refreshToken",
  "token",
  "secret",
  "clientSecret",
  "password",
  "email",
  "emails",
];

/**
 * pino redact paths: each secret key at the top level of a logged object and in the headers of
 * a logged request or reply. No `*.key` wildcards: they make pino's redaction of every line
 * several times slower; values deeper down are left to the text scrub.
 */
export const REDACT_PATHS: string[] = SECRET_KEYS.flatMap((key) => {
  const member = key.startsWith("[") ? key : `.${key}`;
  const top = key.startsWith("[") ? `["${key.slice(2, -2)}"]` : key;
  return [top, `req.headers${member}`, `res.headers${member}`, `headers${member}`];
});

// An address: local part, `@` (or `%40`, an address that went through URL encoding) and a domain
// whose labels may be percent-encoded (`ex%C3%A4mple.com`, an international name in a URL). No
// quotes, backslashes, white space or `/ ? = &`, so a match never runs across a JSON string's
// delimiters, a path's segments or a query's parameters.
//
// The pattern backtracks, so it never sees more than MAX_ADDRESS_RUN characters at once (see
// scrubAddresses): on a long path of `%40a%40a…` an unbounded match backtracks for minutes.
// An encoded octet in it is never `%40`, so the `@` of an address can be read only one way.
const OCTET = "%(?!40)[0-9A-Fa-f]{2}";
const LOCAL_CHARS = "\\p{L}\\p{M}\\p{N}._+'!#$*^`{|}~-";
// A local part starts only where one can (not after a character a local part holds, nor within an
// octet): a failed try is not tried again from each later character of the same run.
const LOCAL = `(?<![%${LOCAL_CHARS}])(?:[${LOCAL_CHARS}]|${OCTET})+`;
const LABEL = `(?:[\\p{L}\\p{M}\\p{N}-]|${OCTET})+`;
const TOP_LABEL = `(?:\\p{L}|${OCTET}){2,}`;
const EMAIL = new RegExp(`${LOCAL}(?:@|%40)${LABEL}(?:\\.${LABEL})*\\.${TOP_LABEL}`, "gu");
// A run of text an address can lie in: nothing an address never holds (white space, quotes,
// backslashes, `/ ? = &`). Found in one linear pass.
const ADDRESS_RUN = /[^\s"\\/?=&]+/gu;
/**
 * Longest run the address pattern reads. An address has at most 254 characters, 762 once
 * percent-encoded; a longer run holding `@` or `%40` is censored whole rather than searched.
 */
const MAX_ADDRESS_RUN = 800;
// One percent-encoded octet (the anchor of the decoded view).
const ENCODED_OCTET = /%[0-9A-Fa-f]{2}/g;
// What ends a run of URL-ish text: white space, a JSON string's delimiters and escapes.
const RUN_END = /[\s"\\]/u;
// Characters put back into percent-encoded form when a decoded run is written: they would break
// the JSON line (quotes, backslashes, control characters) or make it ambiguous (`%`, white space).
const UNSAFE_DECODED = /[\s"\\%\p{Cc}\p{Cf}]/gu;
/** Rounds of decoding tried on one run (`%2540` is `%40` encoded again). */
const DECODE_ROUNDS = 3;

// A credential after its scheme word (in a dumped header or an echoed request).
const SCHEMED_CREDENTIAL = /\b(Bearer|PoP|Basic|Digest)\s+[A-Za-z0-9._~+/=-]{8,}/gi;
const SCHEME_WORD = /Bearer|PoP|Basic|Digest/i;
// A compact JWS (header, payload, signature) or JWE (five parts: the gateway's own tokens): a
// base64url JSON header ("eyJ") and what follows it.
const COMPACT_JWS = /\beyJ[A-Za-z0-9_-]{4,}(?:\.[A-Za-z0-9_-]*){2,4}/g;

/**
 * Secrets shorter than this are not scrubbed as text: replacing every "abc" of every line would
 * garble the log and hide nothing a guess would not find (pino's paths still censor the fields).
 */
export const SHORTEST_SCRUBBED_SECRET = 6;

/** Scrubs text: the given secrets (as sent, URL- and JSON-encoded), credentials and addresses. */
export function textScrubber(secrets: readonly (string | undefined)[] = []): (text: string) => string {
  const forms: string[] = [];
  for (const secret of secrets) {
    if (!secret || secret.length < SHORTEST_SCRUBBED_SECRET) continue;
    forms.push(secret);
    // Inside a JSON line, quotes, backslashes and control characters of a secret are escaped.
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) forms.push(escaped);
  }
  const known = redactorFor(forms);
  // Each pattern runs only on text holding its anchor: most lines hold none, and the address
  // pattern is the costly one.
  return (text) => {
    let out = known(text);
    if (out.includes("eyJ")) out = out.replace(COMPACT_JWS, CENSOR);
    if (SCHEME_WORD.test(out)) out = out.replace(SCHEMED_CREDENTIAL, (_match, scheme: string) => `${scheme} ${CENSOR}`);
    if (out.includes("%")) out = scrubEncodedRuns(out);
    if (out.includes("@") || out.includes("%40")) out = scrubAddresses(out);
    return out;
  };
}

/**
 * Addresses censored, run by run: the pattern reads each run that holds an `@` (or `%40`) and is
 * short enough to be searched in bounded time; a longer one is censored whole.
 */
function scrubAddresses(text: string): string {
  return text.replace(ADDRESS_RUN, (run) => {
    if (!run.includes("@") && !run.includes("%40")) return run;
    return run.length > MAX_ADDRESS_RUN ? EMAIL_CENSOR : run.replace(EMAIL, EMAIL_CENSOR);
  });
}

/**
 * The decoded view: each run of text holding percent-encoded octets (a path, a query string, an
 * echoed URL) is decoded (up to three times, for text encoded twice); when the decoded run holds an
 * address, the run is written decoded with the address censored, and the characters a JSON line
 * cannot carry raw encoded again. A malformed sequence is left as it is (or decodes to U+FFFD):
 * decoding never throws. Runs without an address are left exactly as they were.
 */
function scrubEncodedRuns(text: string): string {
  let out = "";
  let copied = 0;
  ENCODED_OCTET.lastIndex = 0;
  for (let match = ENCODED_OCTET.exec(text); match; match = ENCODED_OCTET.exec(text)) {
    let start = match.index;
    while (start > copied && !RUN_END.test(text[start - 1]!)) start--;
    let end = match.index + match[0].length;
    while (end < text.length && !RUN_END.test(text[end]!)) end++;
    const run = text.slice(start, end);
    const decoded = decodedView(run);
    if (decoded.includes("@")) {
      const scrubbed = scrubAddresses(decoded);
      if (scrubbed !== decoded) {
        out += text.slice(copied, start) + scrubbed.replace(UNSAFE_DECODED, encodeChar);
        copied = end;
      }
    }
    ENCODED_OCTET.lastIndex = end;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** A run decoded until no encoded octet is left or the rounds are used up; never throws. */
function decodedView(run: string): string {
  let text = run;
  for (let round = 0; round < DECODE_ROUNDS && text.includes("%"); round++) {
    const next = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (octets) =>
      Buffer.from(octets.replace(/%/g, ""), "hex").toString("utf8"),
    );
    if (next === text) break;
    text = next;
  }
  return text;
}

function encodeChar(char: string): string {
  return [...Buffer.from(char, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

/**
 * A path for a log line: no query string (it may hold addresses and keys), and the secret
 * segment of the legacy webhook path (the ingress token) censored.
 */
export function loggablePath(url: string | undefined): string {
  const text = url ?? "/";
  const query = text.indexOf("?");
  const path = query === -1 ? text : text.slice(0, query);
  return path.startsWith(LEGACY_WEBHOOK_PATH) ? path.replace(LEGACY_WEBHOOK_SECRET, `$1${CENSOR}`) : path;
}

const LEGACY_WEBHOOK_PATH = "/webhooks/legacy/";
const LEGACY_WEBHOOK_SECRET = /^(\/webhooks\/legacy\/)[^/]+/;
