/**
 * ISO 8601 calendar dates and date-times as the property rules and segment filters accept them:
 * `2024-05-01`, `2024-05-01T10:00`, `2024-05-01T10:00:00.250Z`, `2024-05-01T10:00:00+02:00`.
 */

const ISO_8601 =
  /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?)?$/;

/** True for a well-formed ISO 8601 date or date-time naming a real calendar day and time. */
export function isIso8601(text: string): boolean {
  const m = ISO_8601.exec(text);
  if (!m) return false;
  const [, y, mo, d, h = "0", mi = "0", s = "0", , oh = "0", om = "0"] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  return Number(h) <= 23 && Number(mi) <= 59 && Number(s) <= 59 && Number(oh) <= 23 && Number(om) <= 59;
}

/** Epoch milliseconds of an ISO 8601 value (dates alone are midnight UTC); NaN when not ISO 8601. */
export function isoToMillis(text: string): number {
  return isIso8601(text) ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text) : Number.NaN;
}
