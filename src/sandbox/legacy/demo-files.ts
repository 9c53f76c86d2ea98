/**
 * Template files the demo hosts at /files/<name>: a template that passes every check, with its
 * zip and screenshot, and files that each fail one check of Template.Update.
 */
import type { SandboxFile } from "./rules/template-update.js";

const page = (body: string): string =>
  `<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>Newsletter</title></head>\n<body>\n${body}\n</body></html>\n`;

const VALID_BODY = `<img src="images/header.jpg" width="600" alt="">
<cm-title>Northwind news</cm-title>
<cm-description>What is new this month</cm-description>
<cm-repeater>
  <cm-title>Story</cm-title>
  <cm-description>Story text</cm-description>
  <cm-image width="280"></cm-image>
</cm-repeater>
<p><cm-unsubscribe>Unsubscribe from this list</cm-unsubscribe></p>`;

/** Hosted files by name. */
export const DEMO_FILES: Readonly<Record<string, SandboxFile>> = {
  "newsletter.html": { kind: "html", content: page(VALID_BODY) },
  "newsletter.zip": { kind: "zip", entries: ["images/header.jpg"] },
  "screenshot.jpg": { kind: "image", format: "jpeg", width: 600 },
  // Each of these fails one check.
  "empty.zip": { kind: "zip", entries: [] }, // 4350 with newsletter.html
  "screenshot-narrow.jpg": { kind: "image", format: "jpeg", width: 200 }, // 4007
  "screenshot.png": { kind: "image", format: "png", width: 600 }, // 4007
  "no-unsubscribe.html": {
    kind: "html",
    content: page(VALID_BODY.replace(/<p><cm-unsubscribe>.*<\/p>/, "")),
  }, // 4300
  "with-script.html": { kind: "html", content: page(`${VALID_BODY}\n<script>track()</script>`) }, // 4202
  "unclosed-repeater.html": { kind: "html", content: page(VALID_BODY.replace("</cm-repeater>", "")) }, // 4102
};
