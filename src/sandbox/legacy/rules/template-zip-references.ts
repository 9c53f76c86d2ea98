/**
 * Files a template refers to by relative `src` or `href` must be in its zip (4350). Absolute,
 * protocol-relative and fragment-only references point elsewhere and are not checked.
 */
import type { MarkupTag } from "./template-markup.js";

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const BASE = "http://zip.invalid/";

// A path inside the zip: forward slashes, no leading "./" or "/", case folded (the service's
// file system ignores case).
function zipPath(path: string): string {
  return path
    .replace(/\\/g, "/")
    .replace(/^(?:\.?\/)+/, "")
    .toLowerCase();
}

/** The zip path a relative reference names, or undefined when it is not a relative file reference. */
export function relativeReference(value: string): string | undefined {
  const ref = value.trim();
  if (ref === "" || ref.startsWith("#") || ref.startsWith("//") || SCHEME.test(ref)) return undefined;
  let pathname: string;
  try {
    pathname = new URL(ref, BASE).pathname;
  } catch {
    return undefined;
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape names the file literally.
  }
  const path = zipPath(decoded);
  // "." or "dir/" names a folder, not a file.
  return path === "" || path.endsWith("/") ? undefined : path;
}

/** 4350 when a relative `src`/`href` names a file missing from `entries`, else 0. */
export function checkZipReferences(tags: readonly MarkupTag[], entries: readonly string[]): number {
  const present = new Set(entries.map(zipPath));
  for (const tag of tags) {
    if (tag.closing) continue;
    for (const attr of ["src", "href"]) {
      const value = tag.attrs.get(attr);
      if (value === undefined) continue;
      const path = relativeReference(value);
      if (path !== undefined && !present.has(path)) return 4350;
    }
  }
  return 0;
}
