/**
 * Campaign send dates. The service takes a send date as a wall time of the client's time zone, so
 * an instant is converted with the offset of the client's zone before it is sent.
 */

/** The SendDate value that sends at once. */
export const IMMEDIATELY = "Immediately";

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall time of `instant` in a zone `offsetMinutes` east of UTC, as the wire writes it. */
export function wallTime(instant: Date, offsetMinutes: number): string {
  const t = new Date(instant.getTime() + offsetMinutes * 60_000);
  return (
    `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}
