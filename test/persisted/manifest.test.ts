/**
 * The persisted documents manifest (its drift from `npm run codegen` fails
 * test/schema/codegen-drift.test.ts): one entry per operation of documents/*.graphql, GraphiQL's
 * example tabs among them, and a loader that refuses a manifest it cannot trust (an id that is not
 * its text's hash, a document the schema no longer validates, PERSISTED_ONLY with nothing persisted).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, print, type OperationDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.js";
import {
  DEFAULT_MANIFEST_PATH,
  documentIdOf,
  loadPersistedDocuments,
  ManifestError,
  persistedDocumentsOf,
} from "../../src/persisted/documents.js";
import { persistedRules } from "../../src/persisted/index.js";
import { schema } from "../../src/schema/index.js";
import { STORE_QUERY } from "../../src/schema/commerce/examples.js";
import { LIST_FEED_QUERY } from "../../src/schema/events/examples.js";
import { PERSON_QUERY } from "../../src/schema/people/examples.js";
import { OVERVIEW_QUERY } from "../../src/server.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const manifest = JSON.parse(readFileSync(DEFAULT_MANIFEST_PATH, "utf8")) as Record<string, string>;

describe("documents/gql", () => {
  it("holds one entry per operation of documents/*.graphql, each id the sha256 of its text", () => {
    const operations = readdirSync(join(root, "documents"))
      .filter((name) => name.endsWith(".graphql"))
      .flatMap((name) => parse(readFileSync(join(root, "documents", name), "utf8")).definitions);
    expect(Object.keys(manifest)).toHaveLength(operations.length);
    for (const [id, text] of Object.entries(manifest)) expect(documentIdOf(text)).toBe(id);
    expect(loadPersistedDocuments(DEFAULT_MANIFEST_PATH, schema).size).toBe(operations.length);
  });

  it("persists every document GraphiQL opens with", () => {
    const printedDocuments = readdirSync(join(root, "documents"))
      .filter((name) => name.endsWith(".graphql"))
      .map((name) => print(parse(readFileSync(join(root, "documents", name), "utf8"))));
    for (const example of [OVERVIEW_QUERY, STORE_QUERY, PERSON_QUERY, LIST_FEED_QUERY]) {
      const name = (parse(example).definitions[0] as OperationDefinitionNode).name?.value;
      expect(printedDocuments, `documents/ lacks GraphiQL's ${name}`).toContain(print(parse(example)));
    }
  });

  it("has the id README's example sends", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const ids = [...readme.matchAll(/"documentId":"(sha256:[0-9a-f]{64})"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(manifest[id!], id).toMatch(/^query Overview /);
  });
});

describe("loading a manifest", () => {
  const text = "query Clients { clients { id } }";

  it("finds a document by sha256:<hex> and by the bare hex", () => {
    const documents = persistedDocumentsOf({ [documentIdOf(text)]: text }, schema);
    expect(documents.get(documentIdOf(text))).toBe(text);
    expect(documents.get(documentIdOf(text).slice("sha256:".length))).toBe(text);
    expect(documents.get(documentIdOf("{ clients { name } }"))).toBeUndefined();
  });

  it("refuses an id that is not the hash of its text, a document the schema refuses, and a non-object", () => {
    expect(() => persistedDocumentsOf({ [documentIdOf("{ x }")]: text }, schema)).toThrow(/not the sha256/);
    const stale = "query Gone { clients { noSuchField } }";
    expect(() => persistedDocumentsOf({ [documentIdOf(stale)]: stale }, schema)).toThrow(/noSuchField/);
    expect(() => persistedDocumentsOf({ "md5:abc": text }, schema)).toThrow(ManifestError);
    expect(() => persistedDocumentsOf([text], schema)).toThrow(/JSON object/);
  });

  it("a configured manifest must exist; PERSISTED_ONLY needs at least one document", () => {
    const dir = mkdtempSync(join(tmpdir(), "manifest-"));
    const missing = loadConfig({ AUTH_MODE: "open", PERSISTED_DOCUMENTS: join(dir, "none.json") }).persisted;
    expect(() => persistedRules(missing, schema)).toThrow(/cannot read .* ENOENT/);
    writeFileSync(join(dir, "empty.json"), "{}");
    const empty = loadConfig({
      AUTH_MODE: "open",
      PERSISTED_ONLY: "true",
      PERSISTED_DOCUMENTS: join(dir, "empty.json"),
    });
    expect(() => persistedRules(empty.persisted, schema)).toThrow(/PERSISTED_ONLY=true with no persisted document/);
    expect(() => loadConfig({ PERSISTED_ONLY: "yes" })).toThrow(/PERSISTED_ONLY must be true or false/);
  });
});
