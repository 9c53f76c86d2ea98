/**
 * Runs the project's entry points (`npm start`, `npm run sandbox`) as child processes the way a
 * user does, with the backend and port variables of the test runner's environment removed.
 */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { tapChildOutput } from "./log-capture.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Starts `entry` (a path below the repository root) under tsx with `env` on a clean environment. */
export function runEntry(entry: string, env: Record<string, string>): ChildProcessWithoutNullStreams {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(LEGACY|COMMERCE|SANDBOX|PORT|HOST)/.test(k)),
  );
  const child = spawn(process.execPath, ["--import", "tsx", entry], { cwd: ROOT, env: { ...clean, ...env } });
  // What the child prints joins the suite's log check (log-capture.ts).
  tapChildOutput(child);
  return child;
}

/** Resolves with stdout once it matches `marker`; rejects with stdout and stderr if the process exits first. */
export function output(child: ChildProcessWithoutNullStreams, marker: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (marker.test(out)) resolve(out);
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code} before printing ${marker}: ${out}${err}`)));
  });
}

/** Resolves with the exit code and everything written to stderr. */
export function exit(child: ChildProcessWithoutNullStreams): Promise<{ code: number | null; stderr: string }> {
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stderr })));
}

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
