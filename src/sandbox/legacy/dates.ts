/**
 * Date texts of the service: `YYYY-MM-DD HH:MM:SS`, always in the time zone of the client that
 * owns the record (docs/decisions.md), so the sandbox converts between instants and local text.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const LOCAL_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, "0");

/** The instant as local text in a zone `offsetMinutes` east of GMT. */
export function formatLocal(instant: Date, offsetMinutes: number): string {
  const local = new Date(instant.getTime() + offsetMinutes * MINUTE_MS);
  return (
    `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ` +
    `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`
  );
}

/** The instant a local text names, or undefined when the text is not a real date and time. */
export function parseLocal(text: string, offsetMinutes: number): Date | undefined {
  const local = text.trim();
  if (!LOCAL_DATE.test(local)) return undefined;
  const field = (start: number, end: number): number => Number(local.slice(start, end));
  const [year, month, day] = [field(0, 4), field(5, 7), field(8, 10)];
  const [hour, minute, second] = [field(11, 13), field(14, 16), field(17, 19)];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 2024-02-30 over to March; a rolled-over value is not a date the caller meant.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59 ||
    second > 59
  ) {
    return undefined;
  }
  return new Date(utc - offsetMinutes * MINUTE_MS);
}

/** The instant truncated to whole seconds: the wire carries no fractions. */
export function wholeSeconds(instant: Date): Date {
  return new Date(Math.floor(instant.getTime() / 1000) * 1000);
}

/** The statistics periods of List.GetStats. */
export type StatPeriod = "Today" | "Yesterday" | "ThisWeek" | "ThisMonth" | "ThisYear";

/** Half-open [from, to) instant ranges of each statistics period, seen from `now` in a zone. */
export function statPeriods(now: Date, offsetMinutes: number): Record<StatPeriod, { from: number; to: number }> {
  const shift = offsetMinutes * MINUTE_MS;
  const local = new Date(now.getTime() + shift);
  const y = local.getUTCFullYear();
  const mo = local.getUTCMonth();
  const dayStart = Date.UTC(y, mo, local.getUTCDate()) - shift;
  // Weeks start on Monday (ISO 8601); getUTCDay() is 0 for Sunday.
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  const end = now.getTime() + 1;
  return {
    Today: { from: dayStart, to: end },
    Yesterday: { from: dayStart - DAY_MS, to: dayStart },
    ThisWeek: { from: dayStart - sinceMonday * DAY_MS, to: end },
    ThisMonth: { from: Date.UTC(y, mo, 1) - shift, to: end },
    ThisYear: { from: Date.UTC(y, 0, 1) - shift, to: end },
  };
}
