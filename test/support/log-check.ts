/**
 * The suite-wide log check: every line any gateway logged during the test run (written to files
 * by log-capture.ts) is searched for the sandboxes' secrets, the secrets each gateway was
 * configured with, anything shaped like a credential, and email addresses (the demo data's and
 * any other). The run fails when one turns up (log-global-setup.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { SHORTEST_SCRUBBED_SECRET } from "../../src/logging/redaction.js";
import { COMMERCE_DEMO } from "../../src/sandbox/commerce/demo-data.js";
import { DEMO } from "../../src/sandbox/demo-data.js";

/** Line files end in this; secret files (one JSON array of strings a line) in SECRETS_SUFFIX. */
export const LINES_SUFFIX = ".lines";
export const SECRETS_SUFFIX = ".secrets";

/** The sandboxes' fixed secrets and well-known addresses. */
export const SANDBOX_SECRETS: readonly string[] = [
  DEMO.apiKey,
  COMMERCE_DEMO.apiKey,
  COMMERCE_DEMO.app.clientSecret,
  "demo-legacy-key",
  "demo-commerce-key",
  ...Object.values(DEMO.emails),
  COMMERCE_DEMO.user.email,
];

/** Shapes no line may hold, whoever's secret it is. */
const SHAPES: ReadonlyArray<[string, RegExp]> = [
  ["an email address", /[\p{L}\p{N}._%+'-]+(?:@|%40)[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u],
  ["a compact JWS/JWT", /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/],
  ["a credential after its scheme", /\b(?:Bearer|PoP|Basic)\s+(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/i],
  // The commerce sandbox's access tokens and codes: 30 random letters and digits.
  [
    "a sandbox access token",
    /(?<![A-Za-z0-9])(?=[A-Za-z0-9]*[a-z])(?=[A-Za-z0-9]*[A-Z])(?=[A-Za-z0-9]*\d)[A-Za-z0-9]{30}(?![A-Za-z0-9])/,
  ],
];

/** A line that carries something it must not. */
export interface Finding {
  file: string;
  line: number;
  /** What was found: "secret #n of <file>", or the name of a shape. */
  what: string;
  /** The line, cut to 300 characters, with the finding masked (the report is printed). */
  excerpt: string;
}

/** Reads every capture file of `dir` and returns the lines that leak, at most `limit`. */
export function checkLogDirectory(dir: string, limit = 50): { lines: number; files: number; findings: Finding[] } {
  const names = readdirSync(dir);
  const secrets = new Set(SANDBOX_SECRETS);
  for (const name of names.filter((n) => n.endsWith(SECRETS_SUFFIX))) {
    for (const row of readFileSync(join(dir, name), "utf8").split("\n")) {
      if (!row) continue;
      for (const value of JSON.parse(row) as string[]) if (value.length >= SHORTEST_SCRUBBED_SECRET) secrets.add(value);
    }
  }
  const ordered = [...secrets];
  const findings: Finding[] = [];
  let lines = 0;
  const files = names.filter((n) => n.endsWith(LINES_SUFFIX));
  for (const name of files) {
    const rows = readFileSync(join(dir, name), "utf8").split("\n");
    rows.forEach((row, index) => {
      if (!row) return;
      lines++;
      const what = leakIn(row, ordered);
      if (what && findings.length < limit) {
        findings.push({ file: name, line: index + 1, what: what.name, excerpt: mask(row, what.match).slice(0, 300) });
      }
    });
  }
  return { lines, files: files.length, findings };
}

/** What of `secrets` or of the shapes `line` holds first, if anything. */
export function leakIn(line: string, secrets: readonly string[]): { name: string; match: string } | undefined {
  for (const [i, secret] of secrets.entries()) {
    if (line.includes(secret)) return { name: `known secret #${i + 1} (${secret.length} characters)`, match: secret };
    const encoded = encodeURIComponent(secret);
    if (encoded !== secret && line.includes(encoded))
      return { name: `known secret #${i + 1}, URL-encoded`, match: encoded };
  }
  for (const [name, shape] of SHAPES) {
    const match = shape.exec(line)?.[0];
    if (match) return { name, match };
  }
  return undefined;
}

function mask(line: string, match: string): string {
  return line.split(match).join(`<${"*".repeat(Math.min(match.length, 8))}>`);
}

/** A report of findings for a failing run. */
export function formatFindings(findings: readonly Finding[]): string {
  return findings.map((f) => `  ${f.file}:${f.line}: ${f.what}\n    ${f.excerpt}`).join("\n");
}
