/** LegacyParamsOf types a call from its catalog row; `tsc --noEmit` is the real check here. */
import { describe, expect, expectTypeOf, it } from "vitest";
import { operation } from "../../../src/backends/legacy/catalog.js";
import type { LegacyParamsOf } from "../../../src/backends/legacy/types.js";

describe("LegacyParamsOf", () => {
  it("names every parameter of the row, with its kind, and refuses a misspelt one", () => {
    const add: LegacyParamsOf<"Subscriber.AddWithCustomFields"> = {
      ListID: "20001",
      Email: "a@example.com",
      Name: "",
      CustomFields: [{ Key: "[City]", Value: "Perth" }],
    };
    const create: LegacyParamsOf<"List.Create"> = { ClientID: 10001, Title: "t", ConfirmOptIn: false };
    // @ts-expect-error ClientId is not ClientID
    const misspelt: LegacyParamsOf<"Client.GetLists"> = { ClientId: "10001" };
    // @ts-expect-error ConfirmOptIn is a boolean
    const wrongKind: LegacyParamsOf<"List.Create"> = { ClientID: "1", Title: "t", ConfirmOptIn: "yes" };
    expectTypeOf<LegacyParamsOf<"User.GetClients">>().toEqualTypeOf<Record<never, never>>();
    expect(Object.keys(add)).toEqual(operation("Subscriber.AddWithCustomFields").params.map((p) => p.name));
    expect(Object.keys(create).every((k) => operation("List.Create").params.some((p) => p.name === k))).toBe(true);
    expect([misspelt, wrongKind]).toHaveLength(2);
  });
});
