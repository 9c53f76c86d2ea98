/**
 * `npm run config-doc`: writes docs/configuration.md from the environment schema of
 * src/config.ts, where each variable carries its section, meaning and (where parsing an unset
 * value does not show it) its default as zod metadata. The page is checked in;
 * test/config-doc.test.ts fails when it differs from what this prints, so the schema is the one
 * source of the variables' documentation.
 */
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { z } from "zod";
import { ENV, ENV_SECTIONS, type EnvDoc, type EnvSection } from "../src/config.js";

export const CONFIG_DOC_PATH = fileURLToPath(new URL("../docs/configuration.md", import.meta.url));

/** A variable as the page shows it. */
export interface DocumentedVariable {
  name: string;
  section: EnvSection;
  description: string;
  /** Markdown: what an unset variable means. */
  shownDefault: string;
}

const KIB = 1024;
const MIB = 1024 * KIB;

/** 8388608 → "8 MiB", for the byte sizes' defaults. */
function bytes(n: number): string | undefined {
  if (n >= MIB && n % MIB === 0) return `${n / MIB} MiB`;
  if (n >= KIB && n % KIB === 0) return `${n / KIB} KiB`;
  return undefined;
}

/** 86400000 → "24 h", for the durations' defaults. */
function duration(ms: number): string | undefined {
  if (ms === 0) return undefined;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return undefined;
}

/** The default parsing an unset variable gives, in markdown ("—" when it stays unset). */
function parsedDefault(name: string, schema: z.ZodType): string {
  const parsed = schema.safeParse(undefined);
  if (!parsed.success) throw new Error(`${name}: an unset value does not parse`);
  const value: unknown = parsed.data;
  if (value === undefined) return "—";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((v) => `\`${String(v)}\``).join(" ");
  if (typeof value === "number") {
    const said = name.endsWith("_BYTES") ? bytes(value) : name.endsWith("_MS") ? duration(value) : undefined;
    return said === undefined ? `\`${value}\`` : `\`${value}\` (${said})`;
  }
  if (typeof value === "string" || typeof value === "boolean") return `\`${String(value)}\``;
  throw new Error(`${name}: a default of an unexpected kind`);
}

/** Every variable of the schema with its documentation, in the schema's order; throws on one without. */
export function documentedVariables(): DocumentedVariable[] {
  return Object.entries(ENV.shape).map(([name, schema]) => {
    const meta = (schema as z.ZodType).meta() as Partial<EnvDoc> | undefined;
    if (!meta?.description || !meta.section) throw new Error(`${name} has no description in src/config.ts`);
    return {
      name,
      section: meta.section,
      description: meta.description,
      shownDefault: meta.default ?? parsedDefault(name, schema as z.ZodType),
    };
  });
}

const cell = (text: string) => text.replaceAll("|", "\\|").replaceAll("\n", " ");

/** The whole page, as docs/configuration.md holds it. */
export function configDoc(): string {
  const variables = documentedVariables();
  const out = [
    "# Configuration",
    "",
    "<!-- Printed by `npm run config-doc` from the schema in src/config.ts: change the descriptions there. -->",
    "",
    "Everything comes from the environment. A blank value counts as unset, and white space around a value",
    "is not part of it. A bad value stops start-up with one line per problem: every problem, including",
    "the rules between variables, is listed in the same start, and no line repeats the value it refuses.",
    "A value that is allowed but probably not meant prints a `warning: …` line at start-up.",
    "",
    "The README lists the few settings every deployment sets; [operations.md](operations.md) says how to",
    "choose them for production.",
  ];
  for (const section of ENV_SECTIONS) {
    const rows = variables.filter((v) => v.section === section);
    if (rows.length === 0) continue;
    out.push("", `## ${section}`, "", "| variable | default | meaning |", "| --- | --- | --- |");
    for (const v of rows) out.push(`| \`${v.name}\` | ${cell(v.shownDefault)} | ${cell(v.description)} |`);
  }
  return `${out.join("\n")}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIG_DOC_PATH, configDoc());
  console.log(`wrote ${CONFIG_DOC_PATH}`);
}
