/** Date handling: legacy wall times, instants with offsets, and the send date conversion. */
import type { GraphQLScalarType } from "graphql";
import { describe, expect, it } from "vitest";
import { legacyWallTime, parseInstant, wireToLocal } from "../../src/schema/support/scalars.js";
import { wallTime } from "../../src/domain/legacy/send-date.js";
import { schema } from "../../src/schema/index.js";

const local = schema.getType("LocalDateTime") as GraphQLScalarType;

describe("LocalDateTime", () => {
  it("shows wire dates in ISO form and reads ISO input back into wire form", () => {
    expect(legacyWallTime("2026-03-18 14:05:09", "date")).toBe("2026-03-18T14:05:09");
    expect(legacyWallTime(null, "date")).toBeNull();
    expect(local.serialize("2026-03-18T14:05:09")).toBe("2026-03-18T14:05:09");
    expect(local.parseValue("2026-03-18T14:05:09")).toBe("2026-03-18 14:05:09");
    expect(wireToLocal(" 2024-02-29 00:00:00 ")).toBe("2024-02-29T00:00:00");
  });

  it("refuses dates that do not exist and other shapes", () => {
    for (const bad of [
      "2026-02-30T00:00:00",
      "2026-13-01T00:00:00",
      "2026-03-18T24:00:00",
      "2026-03-18 14:05:09",
      "2026-03-18T14:05:09Z",
    ]) {
      expect(() => local.parseValue(bad)).toThrow(/LocalDateTime/);
    }
    // A wire date is checked where its field resolves, so that the field's error keeps its type.
    for (const bad of ["18/03/2026", "2026-02-30 10:00:00", "soon", "2026-03-18T14:05:09"]) {
      expect(() => legacyWallTime(bad, "subscriber date")).toThrow(
        expect.objectContaining({
          name: "UnreadableValueError",
          backend: "legacy",
          message: "The legacy list service sent an unreadable subscriber date.",
        }),
      );
    }
    // The scalar passes on checked text only; anything else is the gateway's own fault.
    for (const unchecked of ["18/03/2026", "2026-02-30T10:00:00", "2026-03-18 14:05:09"]) {
      expect(() => local.serialize(unchecked)).toThrow(/not checked LocalDateTime/);
    }
  });
});

describe("instants", () => {
  it("read RFC 3339 with Z or an offset", () => {
    expect(parseInstant("2026-03-20T10:30:00+10:00")?.toISOString()).toBe("2026-03-20T00:30:00.000Z");
    expect(parseInstant("2026-03-20T00:30:00.5z")?.toISOString()).toBe("2026-03-20T00:30:00.000Z");
    expect(parseInstant("2026-03-19T19:00:00-05:30")?.toISOString()).toBe("2026-03-20T00:30:00.000Z");
    expect(parseInstant("2026-03-20T00:30:00")).toBeUndefined();
    expect(parseInstant("2026-02-29T00:30:00Z")).toBeUndefined();
  });

  it("become the wall time of a zone, across midnight and year ends", () => {
    const instant = new Date("2026-12-31T20:00:00Z");
    expect(wallTime(instant, 600)).toBe("2027-01-01 06:00:00");
    expect(wallTime(instant, -300)).toBe("2026-12-31 15:00:00");
    expect(wallTime(instant, 345)).toBe("2027-01-01 01:45:00");
    expect(wallTime(instant, 0)).toBe("2026-12-31 20:00:00");
  });
});
