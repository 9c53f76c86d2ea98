/**
 * `npm run bench`: every figure script of bench/ (one whose header has a
 * `Run: npx tsx bench/<name>.ts` line) in turn, each in a process of its own with its default
 * rounds, then bench/RESULTS.md rewritten with their output (support/results-file.ts). A failing
 * script is recorded as failed and the others still run; the exit code says one failed.
 * Run: npm run bench [-- <name filter> …]   e.g. npm run bench -- decode overview
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { figureScripts } from "./support/figures.js";
import { BUILT_ENV, buildProcesses } from "./support/processes.js";
import { type FigureResult, renderResults } from "./support/results-file.js";

const BENCH_DIR = fileURLToPath(new URL(".", import.meta.url));
const RESULTS = `${BENCH_DIR}RESULTS.md`;
/** Name filters: run only the scripts whose name contains one of them (all when none). */
const filters = process.argv.slice(2);

function git(...args: string[]): string {
  try {
    return execFileSync("git", args, { cwd: BENCH_DIR, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
}

async function runScript(file: string): Promise<{ output: string; code: number | null; seconds: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", `${BENCH_DIR}${file}`], {
    env: { ...process.env, [BUILT_ENV]: "1" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { output: output.trimEnd(), code, seconds: (Date.now() - started) / 1000 };
}

const scripts = figureScripts().filter((file) => filters.length === 0 || filters.some((f) => file.includes(f)));
const commit = git("rev-parse", "--short", "HEAD");
const changed = git("status", "--porcelain", "--untracked-files=no").split("\n").filter(Boolean).length;
const startedAt = new Date();
const loadBefore = loadavg()[0]!.toFixed(1);
console.log(`building the server processes, then ${scripts.length} figure scripts: ${scripts.join(", ")}`);
buildProcesses();

const figures: FigureResult[] = [];
for (const file of scripts) {
  console.log(`\n=== bench/${file}`);
  const { output, code, seconds } = await runScript(file);
  figures.push({ script: file, output, code, seconds });
}
const failed = figures.filter((f) => f.code !== 0).length;

const host = `${cpus()[0]?.model.trim() ?? "unknown CPU"}, ${cpus().length} cores, node ${process.version}`;
const conditions =
  `Load average ${loadBefore} at the start and ` +
  `${loadavg()[0]!.toFixed(1)} at the end (other work was running beside it: compare ratios within ` +
  `this run)${changed > 0 ? `; ${changed} tracked files had uncommitted changes` : ""}.`;
writeFileSync(
  RESULTS,
  renderResults(existsSync(RESULTS) ? readFileSync(RESULTS, "utf8") : "", {
    startedAt,
    commit,
    host,
    conditions,
    figures,
    filters,
  }),
);
console.log(`\nwrote ${scripts.length} figures to bench/RESULTS.md${failed ? `; ${failed} FAILED` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
