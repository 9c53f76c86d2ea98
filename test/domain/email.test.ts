/** Email addresses: the shape both backends' inputs check, and the key addresses compare by. */
import { describe, expect, it } from "vitest";
import { emailKey, isEmailShape } from "../../src/domain/email.js";

describe("emailKey", () => {
  it("lowers ASCII letters only and drops surrounding white space", () => {
    expect(emailKey("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    // Text with other characters: its ASCII letters lowered, the rest kept as they are.
    expect(emailKey("ÉMILE.Zola@Exemple.FR")).toBe("Émile.zola@exemple.fr");
    expect(emailKey("JOSÉ@example.com")).toBe("josÉ@example.com");
  });

  it("does not take a Kelvin sign (U+212A) for a k, as toLowerCase does", () => {
    expect("\u212Aate@example.com".toLowerCase()).toBe("kate@example.com");
    expect(emailKey("\u212Aate@example.com")).not.toBe(emailKey("kate@example.com"));
  });
});

describe("isEmailShape", () => {
  it.each([
    ["a@example.com", true],
    ["a.b+tag@mail.example.org", true],
    [" a@example.com", false],
    ["a@example", false],
    ["a@@example.com", false],
    ["a\u0000b@example.com", false],
    ["a\u007f@example.com", false],
  ])("%j: %s", (text, shape) => {
    expect(isEmailShape(text)).toBe(shape);
  });
});
