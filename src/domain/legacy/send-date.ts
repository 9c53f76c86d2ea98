/**
 * Campaign send dates. The service takes a send date as a wall time of the client's time zone, so
 * an instant is converted with the offset of the client's zone before it is sent.
 */
import { InputError } from "../input-error.js";

/** The SendDate value that sends at once. */
export const IMMEDIATELY = "Immediately";

/**
 * The years a send date can name: the service writes `YYYY-MM-DD HH:MM:SS`, four digits of year,
 * and its calendar has no year 0. An instant of year 9999 can be year 10000 in the client's zone
 * (9999-12-31T23:00:00-12:00 is 10000-01-01 in any zone east of UTC-11), which would be written
 * with five digits and refused by the service as InvalidDateError (5).
 */
export const SEND_DATE_YEARS = { first: 1, last: 9999 } as const;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The wall time of `instant` in a zone `offsetMinutes` east of UTC, as the wire writes it. */
export function wallTime(instant: Date, offsetMinutes: number): string {
  const t = new Date(instant.getTime() + offsetMinutes * 60_000);
  return (
    `${pad(t.getUTCFullYear(), 4)}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())} ` +
    `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`
  );
}

/**
 * The SendDate of `instant` for a client whose zone is `offsetMinutes` east of UTC; an InputError
 * on `sendAt` (DATE_RANGE) when its wall time there falls outside SEND_DATE_YEARS, so such a date
 * is refused before it is sent rather than written in a form the service cannot read.
 */
export function sendDateOf(instant: Date, offsetMinutes: number): string {
  const year = new Date(instant.getTime() + offsetMinutes * 60_000).getUTCFullYear();
  // NaN (an invalid instant) fails both comparisons and is refused too.
  if (!(year >= SEND_DATE_YEARS.first && year <= SEND_DATE_YEARS.last)) {
    const sign = offsetMinutes < 0 ? "-" : "+";
    const zone = `UTC${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(Math.abs(offsetMinutes) % 60)}`;
    throw new InputError([
      {
        field: "sendAt",
        rule: "DATE_RANGE",
        message:
          `sendAt must fall in the years ${pad(SEND_DATE_YEARS.first, 4)}–${SEND_DATE_YEARS.last} in the client's ` +
          `time zone (${zone}), as the service writes dates; there it is in the year ${Number.isNaN(year) ? "none" : year}.`,
      },
    ]);
  }
  return wallTime(instant, offsetMinutes);
}
