/**
 * Template.GetDetail and Template.Update. The content and URL rules live in the rules module;
 * this file resolves the URLs it asks about against the sandbox's hosted files.
 */
import type { TemplateRecord } from "../records.js";
import { checkTemplateUpdate, type SandboxFile } from "../rules/template-update.js";
import type { LegacyStore } from "../store.js";
import { param, result, SUCCESS, value, type Handler } from "./types.js";

/** The path prefix of files the sandbox hosts. */
export const FILES_PATH = "/files/";

/** A stored URL as callers see it: paths on the sandbox become absolute on the caller's origin. */
export function absoluteUrl(url: string, origin: string): string {
  return url.startsWith("/") ? `${origin}${url}` : url;
}

/** A template as a Template wire object. */
export function templateEntry(t: TemplateRecord, origin: string) {
  return {
    TemplateID: t.id,
    Name: t.name,
    PreviewURL: absoluteUrl(t.previewUrl, origin),
    ScreenshotURL: absoluteUrl(t.screenshotUrl, origin),
  };
}

/**
 * What a URL points at: a file hosted on the sandbox's own origin (undefined when there is no
 * such file), "external" for any other http(s) URL, undefined for text that is not one.
 */
export function fileResolver(
  store: LegacyStore,
  origin: string,
): (url: string) => SandboxFile | "external" | undefined {
  return (url) => {
    let parsed: URL;
    try {
      parsed = new URL(url.trim());
    } catch {
      return undefined;
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
    if (parsed.origin !== origin) return "external";
    if (!parsed.pathname.startsWith(FILES_PATH)) return undefined;
    let name: string;
    try {
      name = decodeURIComponent(parsed.pathname.slice(FILES_PATH.length));
    } catch {
      return undefined;
    }
    return store.file(name);
  };
}

const getDetail: Handler = ({ store, args, origin }) => {
  const template = store.template(param(args, "TemplateID"));
  return template ? value(templateEntry(template, origin)) : result(4001);
};

const update: Handler = ({ store, args, origin }) => {
  const template = store.template(param(args, "TemplateID"));
  if (!template) return result(4001);
  const input = {
    TemplateName: param(args, "TemplateName"),
    HTMLPageURL: param(args, "HTMLPageURL"),
    ZipFileURL: param(args, "ZipFileURL"),
    ScreenshotURL: param(args, "ScreenshotURL"),
  };
  const checked = checkTemplateUpdate(input, fileResolver(store, origin));
  if (checked.code !== 0) return result(checked.code);
  template.name = checked.name;
  template.htmlPageUrl = input.HTMLPageURL.trim();
  template.zipFileUrl = input.ZipFileURL.trim();
  template.screenshotUrl = input.ScreenshotURL.trim();
  template.previewUrl = template.htmlPageUrl;
  return SUCCESS;
};

/** Handlers of the template operations. */
export const TEMPLATE_HANDLERS = {
  "Template.GetDetail": getDetail,
  "Template.Update": update,
} as const satisfies Record<string, Handler>;
