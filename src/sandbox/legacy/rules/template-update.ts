/**
 * The rules of Template.Update: name (4002, 4003, truncation to 30 characters), the three URLs
 * (4004-4007) and, when the HTML page is sandbox content, the content checks.
 */
import { checkTemplateContent } from "./template-content.js";

/** A file the sandbox serves at a URL it handed out. */
export type SandboxFile =
  | { kind: "html"; content: string }
  | { kind: "zip"; entries: string[] }
  | { kind: "image"; format: "jpeg" | "png" | "gif"; width: number };

/** The Template.Update parameters after ApiKey and TemplateID, as sent. */
export interface TemplateUpdateInput {
  TemplateName: string;
  HTMLPageURL: string;
  ZipFileURL: string;
  ScreenshotURL: string;
}

/** Longest stored template name, in characters (spec: Limits). */
export const TEMPLATE_NAME_MAX_LENGTH = 30;
/** Narrowest accepted screenshot, in pixels (spec: Limits). */
export const SCREENSHOT_MIN_WIDTH = 218;

// Control characters and unpaired surrogates cannot be stored or shown; "<" and ">" would turn
// the name into markup wherever it is displayed.
const INVALID_NAME_CHARACTER = /[\p{Cc}\p{Cs}<>]/u;

/**
 * The name as stored: trimmed, cut to 30 code points (never splitting a surrogate pair), and
 * trimmed again so a cut after a space leaves no trailing blank.
 */
export function storedTemplateName(name: string): string {
  return [...name.trim()].slice(0, TEMPLATE_NAME_MAX_LENGTH).join("").trimEnd();
}

/** The trimmed URL when it is an absolute http(s) URL with a host, else undefined. */
export function absoluteHttpUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || /\s/.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
  return url.hostname === "" ? undefined : trimmed;
}

type Resolve = (url: string) => SandboxFile | "external" | undefined;

// What an optional URL resolved to: nothing given, a failure, or the file ("external" when the
// sandbox cannot look inside it).
function resolveOptional(text: string, resolve: Resolve): "absent" | "invalid" | SandboxFile | "external" {
  if (text.trim() === "") return "absent";
  const url = absoluteHttpUrl(text);
  return (url !== undefined && resolve(url)) || "invalid";
}

/**
 * 0 or the first failing code, with the name as it would be stored. `resolve` gets the trimmed URL
 * text and answers the sandbox file there, "external" for a URL outside the sandbox (accepted
 * without content checks: the sandbox has no network), or undefined when nothing is there.
 */
export function checkTemplateUpdate(input: TemplateUpdateInput, resolve: Resolve): { code: number; name: string } {
  const name = storedTemplateName(input.TemplateName);
  const result = (code: number) => ({ code, name });

  if (input.TemplateName === "") return result(4002);
  if (name === "" || INVALID_NAME_CHARACTER.test(input.TemplateName)) return result(4003);

  if (input.HTMLPageURL.trim() === "") return result(4004);
  const htmlUrl = absoluteHttpUrl(input.HTMLPageURL);
  const html = htmlUrl === undefined ? undefined : resolve(htmlUrl);
  if (html === undefined || (html !== "external" && html.kind !== "html")) return result(4005);

  const zip = resolveOptional(input.ZipFileURL, resolve);
  if (zip === "invalid" || (typeof zip === "object" && zip.kind !== "zip")) return result(4006);

  const shot = resolveOptional(input.ScreenshotURL, resolve);
  if (shot === "invalid") return result(4007);
  if (
    typeof shot === "object" &&
    (shot.kind !== "image" || shot.format !== "jpeg" || shot.width < SCREENSHOT_MIN_WIDTH)
  ) {
    return result(4007);
  }

  if (html === "external") return result(0);
  const entries = typeof zip === "object" && zip.kind === "zip" ? zip.entries : undefined;
  return result(checkTemplateContent(html.content, entries));
}
