/** The commerce input rules on their own: ids as path segments, characters of text, exact numbers, criteria. */
import { describe, expect, it } from "vitest";
import {
  checkCharacters,
  checkCriteria,
  checkEmail,
  checkId,
  checkText,
  isExactNumber,
  Issues,
  COMMERCE_LIMITS,
} from "../../../src/domain/commerce/input-rules.js";
import { checkProperties } from "../../../src/domain/commerce/property-rules.js";

/** What a caller's 12345678901234567890 is once JSON.parse has read it: 12345678901234567000. */
const BIG = JSON.parse("12345678901234567890") as number;

/** The [field, rule] of every issue `check` reports. */
function issuesOf(check: (issues: Issues) => void): [string, string][] {
  const issues = new Issues();
  check(issues);
  return issues.list.map((i) => [i.field, i.rule]);
}

describe("checkId", () => {
  it.each([".", ".."])("refuses the dot segment %j as ID_SEGMENT, naming the field", (id) => {
    const issues = new Issues();
    checkId(issues, "listId", id);
    expect(issues.list).toEqual([
      {
        field: "listId",
        rule: "ID_SEGMENT",
        message: `listId must not be ${id}: in the request path it would name another endpoint.`,
      },
    ]);
  });

  it.each(["...", ".a", "a..", "..a", "%2e%2e", " .. ", "cl_launch", "a/b"])(
    "takes %j, which stays one segment once encoded",
    (id) => {
      expect(issuesOf((i) => checkId(i, "listId", id))).toEqual([]);
      // What the client does with it: no dot segment comes out.
      expect([".", ".."]).not.toContain(encodeURIComponent(id));
    },
  );

  it("refuses control characters, line breaks and unpaired surrogates", () => {
    expect(issuesOf((i) => checkId(i, "jobId", "job\u0000"))).toEqual([["jobId", "TEXT_CHARACTERS"]]);
    expect(issuesOf((i) => checkId(i, "jobId", "job\n1"))).toEqual([["jobId", "SINGLE_LINE"]]);
    expect(issuesOf((i) => checkId(i, "jobId", "job\ud800"))).toEqual([["jobId", "TEXT_CHARACTERS"]]);
  });

  it("keeps its earlier rules first: blank, then length", () => {
    expect(issuesOf((i) => checkId(i, "segmentId", " "))).toEqual([["segmentId", "REQUIRED"]]);
    expect(issuesOf((i) => checkId(i, "segmentId", ".".repeat(COMMERCE_LIMITS.id + 1)))).toEqual([
      ["segmentId", "MAX_LENGTH"],
    ]);
  });
});

describe("checkCharacters and checkText", () => {
  it.each([
    ["NUL", "a\u0000b"],
    ["ESC", "\u001b[31mred"],
    ["a vertical tab", "a\u000bb"],
    ["U+FFFE", "a\ufffe"],
    ["U+FFFF", "a\uffff"],
    ["a lone high surrogate", "a\ud83d"],
    ["a lone low surrogate", "\ude00a"],
  ])("refuses %s in any text as TEXT_CHARACTERS, saying which and where", (_, text) => {
    const issues = new Issues();
    expect(checkCharacters(issues, "optInText", text, "multi")).toBe(false);
    expect(issues.list).toHaveLength(1);
    expect(issues.list[0]).toMatchObject({ field: "optInText", rule: "TEXT_CHARACTERS" });
    expect(issues.list[0]?.message).toMatch(/^optInText must not contain .* \(U\+[0-9A-F]{4} at index \d+\)\.$/);
  });

  it("shows the character and its index", () => {
    const issues = new Issues();
    checkCharacters(issues, "name", "Ann\u0000", "single");
    expect(issues.list[0]?.message).toContain("(U+0000 at index 3)");
  });

  it("takes tabs and line breaks in multi-line text, and pairs, DEL and U+FFFD anywhere", () => {
    for (const text of ["Yes,\r\nsend me mail.\tThanks", "😀 \u007f \ufffd \u00e9"]) {
      expect(checkCharacters(new Issues(), "optInText", text, "multi")).toBe(true);
    }
    expect(checkCharacters(new Issues(), "name", "Zoë 😀 O'Brien", "single")).toBe(true);
  });

  it("refuses tabs and line breaks in one-line text as SINGLE_LINE", () => {
    for (const text of ["Ann\nLee", "Ann\rLee", "Ann\tLee"]) {
      expect(issuesOf((i) => checkCharacters(i, "name", text, "single"))).toEqual([["name", "SINGLE_LINE"]]);
    }
  });

  it("reads optInText as multi-line and every other text as one line", () => {
    expect(issuesOf((i) => checkText(i, "optInText", "Yes,\nplease.", COMMERCE_LIMITS.optInText))).toEqual([]);
    for (const field of ["name", "source", "sourceType", "sourceId"]) {
      expect(issuesOf((i) => checkText(i, field, "two\nlines", COMMERCE_LIMITS.text))).toEqual([
        [field, "SINGLE_LINE"],
      ]);
      expect(issuesOf((i) => checkText(i, field, "nul\u0000", COMMERCE_LIMITS.text))).toEqual([
        [field, "TEXT_CHARACTERS"],
      ]);
    }
    expect(issuesOf((i) => checkText(i, "optInText", "nul\u0000", COMMERCE_LIMITS.optInText))).toEqual([
      ["optInText", "TEXT_CHARACTERS"],
    ]);
  });

  it("refuses an address holding an unpaired surrogate as TEXT_CHARACTERS (it could not be URL-encoded)", () => {
    expect(issuesOf((i) => checkEmail(i, "email", "a\ud800@example.com"))).toEqual([["email", "TEXT_CHARACTERS"]]);
  });
});

describe("isExactNumber", () => {
  it.each([0, -0, 1, -1, 0.1, 3.5, 1e-300, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER])("takes %d", (n) =>
    expect(isExactNumber(n)).toBe(true),
  );

  it.each([2 ** 53, -(2 ** 53), BIG, 1e300, Number.MAX_VALUE, Infinity, -Infinity, Number.NaN])("refuses %d", (n) =>
    expect(isExactNumber(n)).toBe(false),
  );

  it("catches an integer already rounded by JSON.parse: rounding never brings it back within 2^53 − 1", () => {
    for (const text of ["9007199254740992", "9007199254740993", "12345678901234567890", "-9007199254740993"]) {
      expect(isExactNumber(JSON.parse(text) as number)).toBe(false);
    }
    expect(isExactNumber(JSON.parse("9007199254740991") as number)).toBe(true);
    expect(JSON.parse("1e400")).toBe(Infinity);
  });
});

describe("checkProperties", () => {
  it("refuses a whole number beyond 2^53 − 1 as EXACT_NUMBER, naming the property, in values and list elements", () => {
    const issues = new Issues();
    const sent = checkProperties(issues, "properties", {
      n: BIG,
      ok: 42,
      ids: [1, 2 ** 53, 3, -(2 ** 60)],
      price: 19.9,
    });
    expect(issues.list.map((i) => [i.field, i.rule])).toEqual([
      ["properties.n", "EXACT_NUMBER"],
      ["properties.ids[1]", "EXACT_NUMBER"],
      ["properties.ids[3]", "EXACT_NUMBER"],
    ]);
    expect(issues.list[0]?.message).toContain("9007199254740991");
    expect(sent).toEqual({ ok: 42, price: 19.9 });
  });

  it("refuses control characters in text values and text list elements, naming the property", () => {
    const issues = new Issues();
    const sent = checkProperties(issues, "properties", {
      note: "a\u0000b",
      tags: ["fine", "\u001b[0m"],
      address: "1 Main St\nSpringfield",
      city: "Zoë 😀",
    });
    expect(issues.list.map((i) => [i.field, i.rule])).toEqual([
      ["properties.note", "TEXT_CHARACTERS"],
      ["properties.tags[1]", "TEXT_CHARACTERS"],
    ]);
    expect(sent).toEqual({ address: "1 Main St\nSpringfield", city: "Zoë 😀" });
  });

  it("keeps refusing non-finite numbers as PROPERTY_VALUE", () => {
    expect(issuesOf((i) => checkProperties(i, "properties", { x: Infinity }))).toEqual([
      ["properties.x", "PROPERTY_VALUE"],
    ]);
  });
});

describe("checkCriteria", () => {
  const criterion = { criteriaName: "emailDomain", negate: false, filters: [{ domain: "example.com" }] };

  it("refuses an empty list, which the service reads as every member of the list", () => {
    const issues = new Issues();
    checkCriteria(issues, "criteria", { criteria: [] });
    expect(issues.list).toEqual([
      {
        field: "criteria",
        rule: "REQUIRED",
        message:
          "criteria must hold at least one criterion: without one the segment would be every member of the list.",
      },
    ]);
  });

  it("takes one criterion, and names paths as the graph's input does", () => {
    expect(issuesOf((i) => checkCriteria(i, "criteria", { criteria: [criterion] }))).toEqual([]);
    expect(
      issuesOf((i) => checkCriteria(i, "criteria", { criteria: [criterion, { ...criterion, filters: [] }] })),
    ).toEqual([["criteria[1].filters", "REQUIRED"]]);
  });

  it("refuses a criteria name with control characters or line breaks", () => {
    expect(
      issuesOf((i) =>
        checkCriteria(i, "criteria", {
          criteria: [
            { ...criterion, criteriaName: "email\u0000Domain" },
            { ...criterion, criteriaName: "email\nDomain" },
          ],
        }),
      ),
    ).toEqual([
      ["criteria[0].criteriaName", "TEXT_CHARACTERS"],
      ["criteria[1].criteriaName", "SINGLE_LINE"],
    ]);
  });

  it("refuses texts and numbers inside filters that would not arrive as given", () => {
    expect(
      issuesOf((i) =>
        checkCriteria(i, "criteria", {
          criteria: [
            {
              criteriaName: "property",
              negate: false,
              filters: [
                { key: "n", value: BIG },
                { key: "x", value: Infinity },
                { key: "t\u0000", value: "ok" },
                { key: "nested", value: { deep: ["fine", "bad\u001b"] } },
                { key: "ok", value: 2.5 },
              ],
            },
          ],
        }),
      ),
    ).toEqual([
      ["criteria[0].filters[0].value", "EXACT_NUMBER"],
      ["criteria[0].filters[1].value", "EXACT_NUMBER"],
      ["criteria[0].filters[2].key", "TEXT_CHARACTERS"],
      ["criteria[0].filters[3].value.deep[1]", "TEXT_CHARACTERS"],
    ]);
  });

  it("keeps the JSON bound, and then does not walk the filters", () => {
    const long = { criteriaName: "emailDomain", negate: false, filters: [{ domain: "\u0000".repeat(5000) }] };
    expect(issuesOf((i) => checkCriteria(i, "criteria", { criteria: [long] }))).toEqual([["criteria", "MAX_LENGTH"]]);
  });
});
