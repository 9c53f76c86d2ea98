/**
 * The shape of bench/RESULTS.md, which `npm run bench` rewrites after every run: the latest run's
 * output per figure script, then one line per earlier run. A new run replaces the latest tables and
 * prepends the replaced run's line, so the file stays one screenful however many runs there were.
 */

/** One figure script's result in a run. */
export interface FigureResult {
  /** File name under bench/, e.g. `decode.ts`. */
  script: string;
  output: string;
  /** Exit code (0: the script ran; its own lines say whether targets were met). */
  code: number | null;
  seconds: number;
}

/** One `npm run bench`. */
export interface BenchRun {
  startedAt: Date;
  /** Short commit the run measured. */
  commit: string;
  /** CPU model, cores and Node version. */
  host: string;
  /** Load and uncommitted changes during the run, one sentence. */
  conditions: string;
  figures: FigureResult[];
  /** Name filters given to `npm run bench` (empty: every figure script ran). */
  filters: string[];
}

const LATEST = "## Latest run";
const EARLIER = "## Earlier runs";
const HISTORY_MARK = /<!-- history: (.*) -->/;

/** "2026-11-28 05:18 UTC". */
export function runDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * The run in a few words, from the verdict lines the figure scripts print (`…: met` /
 * `…: NOT met`) and their exit codes: "9 of 10 targets met; NOT met: Overview p50 80.5 ms …".
 */
export function headline(figures: readonly FigureResult[]): string {
  const verdicts = figures.flatMap((f) =>
    f.output.split("\n").flatMap((line) => {
      const m = /^(.*?):\s+(met|NOT met)\b/.exec(line.trim());
      // The verdict's last clause says what was measured ("RSS in MB. Largest: 277 MB against …").
      const what = m?.[1]?.split(/\. |; /).at(-1);
      return m ? [{ met: m[2] === "met", what: `${f.script.replace(/\.ts$/, "")}: ${what}` }] : [];
    }),
  );
  const failed = figures.filter((f) => f.code !== 0).map((f) => f.script.replace(/\.ts$/, ""));
  const met = verdicts.filter((v) => v.met).length;
  const parts = [verdicts.length === 0 ? "no target checked" : `${met} of ${verdicts.length} targets met`];
  const missed = verdicts.filter((v) => !v.met).map((v) => v.what);
  if (missed.length > 0) parts.push(`NOT met: ${missed.join("; ")}`);
  if (failed.length > 0) parts.push(`FAILED: ${failed.join(", ")}`);
  return parts.join("; ");
}

/** The run's line in the history. */
export function historyLine(run: BenchRun): string {
  const scope = run.filters.length > 0 ? ` (only ${run.filters.join(", ")})` : "";
  return `${runDate(run.startedAt)}, commit ${run.commit}, ${run.host}${scope}: ${headline(run.figures)}`;
}

function figureSection(figure: FigureResult, from?: string): string {
  const status = figure.code === 0 ? "" : ` — FAILED (exit ${figure.code})`;
  const origin = from ? `; from the run of ${from}` : "";
  return (
    `### \`npx tsx bench/${figure.script}\`${status} (${figure.seconds.toFixed(0)} s${origin})\n\n` +
    "```text\n" +
    `${figure.output || "(no output)"}\n` +
    "```\n"
  );
}

interface ParsedResults {
  /** The history line of the run the latest tables come from. */
  latestLine: string | undefined;
  /** Its date and commit, for figures a partial run keeps. */
  latestRun: string | undefined;
  /** Figure sections of the latest run by script name, as written. */
  latestFigures: Map<string, string>;
  earlier: string[];
}

/** Reads a RESULTS.md of this shape; anything else yields nothing to keep. */
export function parseResults(text: string): ParsedResults {
  const latestAt = text.indexOf(`${LATEST}`);
  const earlierAt = text.indexOf(`\n${EARLIER}`);
  const latest = latestAt >= 0 ? text.slice(latestAt, earlierAt > latestAt ? earlierAt : undefined) : "";
  const latestFigures = new Map<string, string>();
  for (const section of latest.split(/^(?=### )/m).slice(1)) {
    const script = /^### `npx tsx bench\/([^`]+)`/.exec(section)?.[1];
    if (script) latestFigures.set(script, `${section.trimEnd()}\n`);
  }
  const earlier =
    earlierAt >= 0
      ? text
          .slice(earlierAt + EARLIER.length + 1)
          .split("\n")
          .filter((line) => line.startsWith("- "))
          .map((line) => line.slice(2))
      : [];
  const heading = /^## Latest run: (.+)$/m.exec(latest)?.[1];
  return { latestLine: HISTORY_MARK.exec(latest)?.[1], latestRun: heading, latestFigures, earlier };
}

const INTRO = `# Benchmark results

Written by \`npm run bench\` (bench/run-all.ts): the latest run's output per figure script, then one
line per earlier run. Each figure is a ratio against a baseline measured in the same run, with the
cases interleaved after untimed warm-up rounds: compare ratios within one run, not absolute figures
across hosts. Run one script with \`npx tsx bench/<script>.ts [rounds]\`. Earlier runs' full output,
and the analyses written beside them, are in this file's git history (\`git log -p bench/RESULTS.md\`).
`;

/**
 * RESULTS.md after `run`: its tables replace the latest ones (a run of some scripts only keeps the
 * others' tables, marked with the run they come from), and the replaced run's line heads the history.
 */
export function renderResults(previous: string, run: BenchRun): string {
  const old = parseResults(previous);
  const ran = new Set(run.figures.map((f) => f.script));
  const kept = [...old.latestFigures].filter(([script]) => !ran.has(script) && run.filters.length > 0);
  const sections = [
    ...run.figures.map((f) => ({ script: f.script, text: figureSection(f) })),
    ...kept.map(([script, text]) => ({
      script,
      text:
        text.includes("; from the run of ") || !old.latestRun
          ? text
          : text.replace(/ s\)\n/, ` s; from the run of ${old.latestRun})\n`),
    })),
  ].sort((a, b) => a.script.localeCompare(b.script));
  const earlier = [...(old.latestLine ? [old.latestLine] : []), ...old.earlier];
  const line = historyLine(run);
  return (
    `${INTRO}\n${LATEST}: ${runDate(run.startedAt)}, commit ${run.commit}\n\n` +
    `<!-- history: ${line} -->\n` +
    `${run.host}. ${run.conditions}\n\n` +
    `Headline: ${headline(run.figures)}.\n\n` +
    `${sections.map((s) => s.text).join("\n")}\n` +
    `${EARLIER}\n\n` +
    (earlier.length > 0 ? earlier.map((l) => `- ${l}`).join("\n") : "(none)") +
    "\n"
  );
}
