/**
 * `npm run bench`: every figure script of bench/ in turn, then their output appended to
 * bench/RESULTS.md under the date, the commit (git rev-parse --short HEAD) and the machine's
 * conditions. A figure script is a bench/*.ts whose header names how to run it
 * (`Run: npx tsx bench/<name>.ts`); helpers have no such line. Scripts run one at a time, each in
 * a process of its own, with their default rounds; a failing script is recorded as failed and
 * the others still run (the exit code says one failed).
 * Run: npm run bench [-- <name filter> …]   e.g. npm run bench -- decode overview
 */
import { spawn } from "node:child_process";
import { appendFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { figureScripts } from "./figures.js";
import { BUILT_ENV, buildProcesses } from "./processes.js";

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

const sections: string[] = [];
let failed = 0;
for (const file of scripts) {
  console.log(`\n=== bench/${file}`);
  const { output, code, seconds } = await runScript(file);
  if (code !== 0) failed += 1;
  sections.push(
    `### \`npx tsx bench/${file}\`${code === 0 ? "" : ` — FAILED (exit ${code})`}, ${seconds.toFixed(0)} s\n\n` +
      "```text\n" +
      `${output || "(no output)"}\n` +
      "```\n",
  );
}

const conditions =
  `node ${process.version}, ${cpus().length} cores, load average ${loadBefore} at the start and ` +
  `${loadavg()[0]!.toFixed(1)} at the end (other work was running beside it: compare ratios within ` +
  `this run)${changed > 0 ? `; ${changed} tracked files had uncommitted changes` : ""}.`;
appendFileSync(
  RESULTS,
  `\n## \`npm run bench\` — ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}\n\n` +
    `${conditions}\n\n${sections.join("\n")}`,
);
console.log(`\nappended ${scripts.length} figures to bench/RESULTS.md${failed ? `; ${failed} FAILED` : ""}`);
process.exitCode = failed > 0 ? 1 : 0;
