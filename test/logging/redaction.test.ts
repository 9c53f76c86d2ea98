/**
 * The text scrub's address rules on URL-encoded text: international addresses percent-encoded in a
 * path, `%40` for the `@`, addresses in query strings (encoded, raw, with `+`), text encoded twice,
 * and malformed sequences, which must neither throw nor break the JSON line.
 */
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/logging/logger.js";
import { textScrubber } from "../../src/logging/redaction.js";

const scrub = textScrubber();

describe("addresses in URL-encoded text", () => {
  it.each([
    ["an international address, percent-encoded, in a path", "/u/jos%C3%A9!x@ex%C3%A4mple.com", "/u/[email]"],
    ["an encoded @ in a path", "/u/jose%40example.com", "/u/[email]"],
    ["an encoded address in a query string", "/graphql?email=a%40b.com&x=1", "/graphql?email=[email]&x=1"],
    ["a raw address in a query string", "/graphql?email=a@b.com", "/graphql?email=[email]"],
    ["a + in the local part of a query value", "?email=jane+doe%40example.com", "?email=[email]"],
    ["an encoded dot in the domain", "/u/jose%40example%2Ecom", "/u/[email]"],
    ["an address encoded twice", "/u/jose%2540example.com", "/u/[email]"],
    ["an international address decoded", "/u/josé!x@exämple.com", "/u/[email]"],
  ])("scrubs %s", (_what, text, expected) => {
    expect(scrub(text)).toBe(expected);
  });

  it("leaves encoded text without an address exactly as it was, and never throws on malformed sequences", () => {
    for (const text of ["/lists/a%20b/c%2Fd", "bad %E0%A4%A sequence %ZZ %", "%C3%28 %FF%FE", "100%"]) {
      expect(scrub(text)).toBe(text);
    }
    expect(scrub("bad %E0%A4%A then a%40b.com and %ZZ")).toBe("bad %E0%A4%A then [email] and %ZZ");
    expect(scrub("%FF%FEjose%40example.com")).not.toContain("jose");
  });

  it("keeps every line JSON when a decoded run holds quotes, backslashes or control characters", () => {
    const lines: string[] = [];
    const logger = createLogger({ level: "info", sink: (line) => lines.push(line) });
    const paths = [
      "/u/jos%C3%A9!x@ex%C3%A4mple.com",
      "/u/%22%5C%0A%00jose%40example.com%22",
      "/u/%E2%80%A8jose%40example.com",
    ];
    for (const path of paths) logger.info({ path }, "request");
    expect(lines).toHaveLength(paths.length);
    for (const line of lines) {
      const parsed = JSON.parse(line) as { path: string };
      expect(parsed.path).toContain("[email]");
      expect(parsed.path).not.toMatch(/jos|example|mple/);
    }
  });
});

describe("hostile text", () => {
  // A path is up to node's 16 KB of headers. The address pattern backtracks: read over a whole
  // run of `%40a…` it took minutes of one core; it now reads runs of at most 800 characters, and a
  // longer run holding an @ is censored whole.
  it.each([
    ["%40a", 16_000],
    ["a@", 16_000],
    ["a%40", 16_000],
    ["@a.", 16_000],
  ])("censors a 16 KB run of %s whole, without searching it", (unit, length) => {
    const run = unit.repeat(length / unit.length);
    expect(scrub(JSON.stringify({ path: `/u/${run}` }))).toBe(JSON.stringify({ path: "/u/[email]" }));
  });

  it("finds the address of a run whose first try fails, and none inside a longer local part", () => {
    expect(scrub("/b@a.a.a/x.y@example.com")).toBe("/b@a.a.a/[email]");
    expect(scrub("mailto:jane@example.com")).toBe("mailto:[email]");
    expect(scrub("a@b@example.com")).toBe("a@[email]");
  });

  it("still finds an address in each of many runs just under the bound", () => {
    const runs = Array.from({ length: 20 }, (_, i) => `${"x".repeat(780)}${i}@example.com`);
    const scrubbed = scrub(`/${runs.join("/")}`);
    expect(scrubbed).toBe(`/${Array.from({ length: 20 }, () => "[email]").join("/")}`);
  });
});
