/**
 * Durations as people write them on a command line or in an environment variable: a whole number
 * followed by s, m, h or d ("90s", "15m", "12h", "7d"); a bare number is seconds.
 */

const UNIT_SECONDS: Readonly<Record<string, number>> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** The duration in seconds, or undefined when `text` is not one. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,9})\s*([smhd]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const seconds = Number(match[1]) * (UNIT_SECONDS[(match[2] || "s").toLowerCase()] ?? 1);
  return Number.isSafeInteger(seconds) ? seconds : undefined;
}

/** "12h", "90s": the shortest exact way to write `seconds`. */
export function formatDuration(seconds: number): string {
  for (const [unit, size] of [
    ["d", 86_400],
    ["h", 3600],
    ["m", 60],
  ] as const) {
    if (seconds >= size && seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}
