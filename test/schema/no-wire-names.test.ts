/**
 * The schema speaks the domain: no file under src/schema names a legacy operation, or uses a wire
 * parameter or wire field name as a property. Resolvers call LegacyService, which owns the wire.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { OPERATIONS, WIRE_TYPES } from "../../src/backends/legacy/catalog.js";

const ROOT = join(import.meta.dirname, "../..");
const SCHEMA = join(ROOT, "src/schema");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const operationNames = OPERATIONS.map((op) => op.name);
// Parameters of every row, and the fields of the wire types the replies are made of.
const wireNames = [
  ...new Set([
    ...OPERATIONS.flatMap((op) => op.params.map((p) => p.name)),
    ...Object.values(WIRE_TYPES).flatMap((fields) => fields.map((f) => f.name)),
  ]),
];

/** `Name: …` as an object key, `.Name` / `?.Name` / `["Name"]` as an access, `expose…("Name")`. */
function propertyPattern(name: string): RegExp {
  const n = escape(name);
  return new RegExp(
    `(?<![\\w$.])${n}\\??\\s*:(?!:)|\\.${n}\\b|\\[\\s*["'\`]${n}["'\`]\\s*\\]|expose\\w*\\(\\s*["'\`]${n}["'\`]`,
  );
}

const files = filesUnder(SCHEMA).filter((file) => file.endsWith(".ts"));

describe("src/schema", () => {
  it("has files to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))("%s names no legacy operation", (_name, file) => {
    const text = readFileSync(file, "utf8");
    expect(operationNames.filter((op) => text.includes(op))).toEqual([]);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))(
    "%s uses no wire parameter or field as a property",
    (_name, file) => {
      const lines = readFileSync(file, "utf8").split("\n");
      const hits = lines.flatMap((line, i) =>
        wireNames
          .filter((name) => propertyPattern(name).test(line))
          .map((name) => `${i + 1}: ${name} in ${line.trim()}`),
      );
      expect(hits).toEqual([]);
    },
  );

  it("the patterns catch what they are meant to", () => {
    expect(propertyPattern("ClientID").test('ctx.legacy.read("x", { ClientID: id })')).toBe(true);
    expect(propertyPattern("EmailAddress").test("s.record.EmailAddress.trim()")).toBe(true);
    expect(propertyPattern("Key").test('key: t.exposeString("Key")')).toBe(true);
    expect(propertyPattern("ListID").test('row["ListID"]')).toBe(true);
    expect(propertyPattern("Name").test('name: t.exposeString("name")')).toBe(false);
  });
});
