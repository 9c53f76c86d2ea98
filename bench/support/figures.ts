/**
 * Which bench/*.ts files are figure scripts: those whose header says how to run them
 * (`Run: npx tsx bench/<name>.ts`). Helpers (stats, processes, load, support modules) have no
 * such line, so a new figure script joins `npm run bench` without a list to edit.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const BENCH_DIR = fileURLToPath(new URL("..", import.meta.url));

/** The figure scripts of `dir` (default bench/), by file name, sorted. */
export function figureScripts(dir: string = BENCH_DIR): string[] {
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  return readdirSync(base)
    .filter((file) => file.endsWith(".ts") && file !== "run-all.ts")
    .filter((file) => readFileSync(`${base}${file}`, "utf8").includes(`Run: npx tsx bench/${file}`))
    .sort();
}
