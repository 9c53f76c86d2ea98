/** CPU time a process has used so far (user + system), read from /proc, for CPU-per-request figures. */
import { readFileSync } from "node:fs";

const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU the process `pid` has used (Linux; NaN elsewhere). */
export function cpuTimeMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
