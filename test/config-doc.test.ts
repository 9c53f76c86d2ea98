/**
 * docs/configuration.md is printed from the environment schema of src/config.ts
 * (scripts/config-doc.ts): the page must be what the schema prints, every variable must carry a
 * description, and nothing in src/ may read a variable the schema does not list.
 */
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONFIG_DOC_PATH, configDoc, documentedVariables } from "../scripts/config-doc.js";
import { ENV, ENV_SECTIONS, loadConfig } from "../src/config.js";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("docs/configuration.md", () => {
  it("is what `npm run config-doc` prints from the schema (run it after changing a variable)", () => {
    expect(readFileSync(CONFIG_DOC_PATH, "utf8")).toBe(configDoc());
  });

  it("lists every variable the configuration reads, each with a section, a meaning and a default", () => {
    const variables = documentedVariables();
    expect(variables.map((v) => v.name)).toEqual(Object.keys(ENV.shape));
    for (const v of variables) {
      expect(ENV_SECTIONS, v.name).toContain(v.section);
      expect(v.description.length, v.name).toBeGreaterThan(10);
      expect(v.shownDefault, v.name).not.toBe("");
    }
    const page = configDoc();
    for (const name of Object.keys(ENV.shape)) expect(page, name).toContain(`| \`${name}\` |`);
  });

  it("shows the defaults loadConfig applies", () => {
    const shown = new Map(documentedVariables().map((v) => [v.name, v.shownDefault]));
    const config = loadConfig({});
    expect(shown.get("PORT")).toBe(`\`${config.port}\``);
    expect(shown.get("HOST")).toBe(`\`${config.host}\``);
    expect(shown.get("LEGACY_NAMESPACE")).toBe(`\`${config.legacy.namespace}\``);
    expect(shown.get("LEGACY_MAX_RESPONSE_BYTES")).toBe(`\`${config.legacy.limits.maxResponseBytes}\` (8 MiB)`);
    expect(shown.get("COMMERCE_CONNECTIONS")).toBe(`\`${config.commerce.limits.connections}\``);
    expect(shown.get("EVENT_LOG_RETENTION_MS")).toBe(`\`${config.events.logRetentionMs}\` (24 h)`);
    expect(shown.get("EVENT_LOG_KEY_PREFIX")).toBe(`\`${config.events.logKeyPrefix}\``);
    expect(shown.get("PERSISTED_ONLY")).toBe("`false`");
    expect(shown.get("OTEL_SERVICE_NAME")).toBe(`\`${config.tracing.serviceName}\``);
    expect(shown.get("SANDBOX_LEGACY_API_KEY")).toBe(`\`${config.sandbox.legacyApiKey}\``);
    expect(shown.get("COMMERCE_BULKHEAD_LIMIT")).toBe("`COMMERCE_CONNECTIONS`");
  });

  it("covers every variable src/ reads from process.env", () => {
    const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const read = new Set<string>();
    for (const file of files) {
      const text = readFileSync(`${SRC}${file}`, "utf8");
      for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[["']([A-Z][A-Z0-9_]*)["']\])/g)) {
        read.add((m[1] ?? m[2])!);
      }
    }
    const documented = new Set(Object.keys(ENV.shape));
    expect([...read].filter((name) => !documented.has(name))).toEqual([]);
  });
});
