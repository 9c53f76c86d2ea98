/** Send dates: the wall time in the client's zone, refused when its year has not four digits. */
import { describe, expect, it } from "vitest";
import { InputError } from "../../../src/domain/input-error.js";
import { SEND_DATE_YEARS, sendDateOf, wallTime } from "../../../src/domain/legacy/send-date.js";
import { parseInstant } from "../../../src/schema/support/scalars.js";

/** The InputError sendDateOf throws (fails the test when it answers). */
function refusal(instant: Date, offsetMinutes: number): InputError {
  try {
    sendDateOf(instant, offsetMinutes);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error("expected a refusal");
}

const at = (iso: string) => new Date(iso);

describe("sendDateOf", () => {
  it("writes the wall time in the client's zone", () => {
    expect(sendDateOf(at("2026-03-20T00:30:00Z"), 600)).toBe("2026-03-20 10:30:00");
    expect(sendDateOf(at("2026-03-20T00:30:00Z"), -300)).toBe("2026-03-19 19:30:00");
  });

  it("refuses an instant the DateTime scalar takes that is year 10000 in the client's zone", () => {
    const instant = parseInstant("9999-12-31T23:00:00-12:00");
    expect(instant).toBeDefined();
    expect(wallTime(instant!, 600)).toBe("10000-01-01 21:00:00"); // what was sent before
    const error = refusal(instant!, 600);
    expect(error.issues).toEqual([
      {
        field: "sendAt",
        rule: "DATE_RANGE",
        message:
          "sendAt must fall in the years 0001–9999 in the client's time zone (UTC+10:00), as the service writes " +
          "dates; there it is in the year 10000.",
      },
    ]);
    // The same instant is still 9999 in the zone it was written in.
    expect(sendDateOf(instant!, -720)).toBe("9999-12-31 23:00:00");
  });

  it("keeps the last second of 9999 and refuses the next, in the client's zone", () => {
    expect(sendDateOf(at("9999-12-31T13:59:59Z"), 600)).toBe("9999-12-31 23:59:59");
    expect(refusal(at("9999-12-31T14:00:00Z"), 600).rule).toBe("DATE_RANGE");
    expect(sendDateOf(at("9999-12-31T23:59:59Z"), 0)).toBe("9999-12-31 23:59:59");
    expect(refusal(at("9999-12-31T23:59:59Z"), 1).rule).toBe("DATE_RANGE");
  });

  it("keeps the first second of year 0001 and refuses year 0000 and negative years", () => {
    const first = new Date(Date.UTC(2000, 0, 1));
    first.setUTCFullYear(SEND_DATE_YEARS.first, 0, 1);
    expect(sendDateOf(first, 0)).toBe("0001-01-01 00:00:00");
    const error = refusal(first, -1);
    expect(error).toMatchObject({ field: "sendAt", rule: "DATE_RANGE" });
    expect(error.message).toContain("(UTC-00:01)");
    expect(error.message).toContain("in the year 0.");
    const negative = new Date(first.getTime());
    negative.setUTCFullYear(-5);
    expect(refusal(negative, 0).message).toContain("in the year -5.");
  });

  it("refuses an invalid instant rather than writing NaN", () => {
    expect(refusal(new Date(Number.NaN), 0).message).toContain("in the year none.");
  });
});
