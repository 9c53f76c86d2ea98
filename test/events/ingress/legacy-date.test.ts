/**
 * isLegacyDate, read digit by digit, against a reference made of a regular expression and the
 * calendar of Date: the same answer for generated well-formed, nearly-formed and odd strings.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isLegacyDate } from "../../../src/events/ingress/validate.js";

function reference(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

describe("isLegacyDate", () => {
  it("accepts real days and times, refuses the rest, as the reference does", () => {
    const shaped = fc
      .tuple(
        // From year 100: Date.UTC reads years 0 to 99 as 1900 to 1999, which the reference would inherit.
        fc.integer({ min: 100, max: 9999 }),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 0, max: 32 }),
        fc.integer({ min: 0, max: 25 }),
        fc.integer({ min: 0, max: 61 }),
        fc.integer({ min: 0, max: 61 }),
        fc.constantFrom(" ", "T", "-"),
      )
      .map(
        ([y, mo, d, h, mi, s, sep]) =>
          `${pad(y, 4)}-${pad(mo, 2)}-${pad(d, 2)}${sep}${pad(h, 2)}:${pad(mi, 2)}:${pad(s, 2)}`,
      );
    fc.assert(
      fc.property(fc.oneof(shaped, fc.string({ maxLength: 22 })), (text) => isLegacyDate(text) === reference(text)),
      {
        numRuns: 5_000,
      },
    );
  });

  it("knows leap years", () => {
    expect(isLegacyDate("2024-02-29 12:00:00")).toBe(true);
    expect(isLegacyDate("2023-02-29 12:00:00")).toBe(false);
    expect(isLegacyDate("2000-02-29 00:00:00")).toBe(true);
    expect(isLegacyDate("1900-02-29 00:00:00")).toBe(false);
    expect(isLegacyDate("2026-03-18 03:00:0x")).toBe(false);
  });
});
