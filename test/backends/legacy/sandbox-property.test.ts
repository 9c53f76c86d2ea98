/**
 * Arbitrary Unicode names and addresses round-trip through every transport and the sandbox
 * (Subscriber.Add, then Subscribers.GetActive); text with a character XML forbids is refused
 * before anything is sent.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_TRANSPORTS } from "../../../src/backends/legacy/catalog.js";
import { LegacyInputError } from "../../../src/backends/legacy/errors.js";
import { acceptedEmail, forbiddenText, legalText } from "./arbitraries.js";
import { startFixture, type Fixture } from "./sandbox-fixture.js";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

let counter = 0;

describe.each(LEGACY_TRANSPORTS.map((t) => [t]))("over %s", (transport) => {
  it("a subscriber's name and address come back exactly as sent", async () => {
    const client = fx.client(transport);
    await fc.assert(
      fc.asyncProperty(acceptedEmail, legalText, async (address, name) => {
        // A fresh address each run: the sandbox keys subscribers by lower-cased address.
        const email = `${++counter}.${address}`;
        const added = await client.call("Subscriber.Add", { ListID: fx.ids.listId, Email: email, Name: name });
        expect(added).toEqual({ Code: "0", Message: "Success" });
        const active = await client.call("Subscribers.GetActive", {
          ListID: fx.ids.listId,
          Date: "2024-06-15 00:00:00",
        });
        const mine = active.filter((s) => s.EmailAddress === email);
        expect(mine).toEqual([
          { EmailAddress: email, Name: name, Date: "2024-06-15 12:00:00", State: "Active", CustomFields: [] },
        ]);
      }),
      { numRuns: 25 },
    );
  });

  it("text with a forbidden character is refused before sending", async () => {
    const client = fx.client(transport);
    await fc.assert(
      fc.asyncProperty(forbiddenText, fc.constantFrom("Name", "Email"), async (bad, field) => {
        const before = fx.sandbox.calls.total();
        const params = { ListID: fx.ids.listId, Email: "ok@acme.example", Name: "", [field]: bad };
        const err = await client.call("Subscriber.Add", params).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(LegacyInputError);
        expect((err as LegacyInputError).field).toBe(field);
        expect(fx.sandbox.calls.total()).toBe(before);
      }),
      { numRuns: 50 },
    );
  });
});
