import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCESS, ACCESS_LEVELS, CURRENCIES, accessAllows } from "../../../src/backends/legacy/reference.js";
import {
  STANDARD_RATES,
  checkAccessAndBilling,
  type AccessAndBillingInput,
} from "../../../src/sandbox/legacy/rules/access-and-billing.js";

const TAKEN = new Set(["designer", "acme"]);
const isTaken = (username: string) => TAKEN.has(username);

// A full-access client paying with a markup above the USD standard (5 / 1 / 5).
const valid: AccessAndBillingInput = {
  AccessLevel: "63",
  Username: "newclient",
  Password: "s3cret",
  BillingType: "ClientPaysWithMarkup",
  Currency: "USD",
  DeliveryFee: "6",
  CostPerRecipient: "1.5",
  DesignAndSpamTestFee: "5",
};
const check = (patch: Partial<AccessAndBillingInput>) => checkAccessAndBilling({ ...valid, ...patch }, isTaken);

const empty: AccessAndBillingInput = {
  AccessLevel: "",
  Username: "",
  Password: "",
  BillingType: "",
  Currency: "",
  DeliveryFee: "",
  CostPerRecipient: "",
  DesignAndSpamTestFee: "",
};

const CASES: [label: string, patch: Partial<AccessAndBillingInput>, code: number][] = [
  ["a full markup setup", {}, 0],
  ["level 0 with everything else empty", { ...empty, AccessLevel: "0" }, 0],
  ["level 0 ignores a taken username and short password", { AccessLevel: "0", Username: "acme", Password: "x" }, 0],
  ["reports only: billing ignored", { AccessLevel: "1", BillingType: "nonsense", Currency: "", DeliveryFee: "" }, 0],
  ["subscriber imports without campaigns: billing ignored", { AccessLevel: "18", BillingType: "" }, 0],
  ["designer pays: no currency needed", { BillingType: "UserPaysOnClientsBehalf", Currency: "", DeliveryFee: "" }, 0],
  ["standard rate: currency only", { BillingType: "ClientPaysAtStandardRate", Currency: "GBP", DeliveryFee: "x" }, 0],
  ["markup without design tests: design fee not needed", { AccessLevel: "31", DesignAndSpamTestFee: "" }, 0],
  ["markup on delivery fee only", { DeliveryFee: "5.01", CostPerRecipient: "1" }, 0],
  ["markup on cost per recipient only", { DeliveryFee: "5", CostPerRecipient: "1.01" }, 0],
  ["password of exactly five characters", { Password: "12345" }, 0],
  ["password of five non-BMP characters", { Password: "😀😀😀😀😀" }, 0],

  ["level not accepted", { AccessLevel: "4" }, 153],
  ["level not an integer", { AccessLevel: "3.0" }, 153],
  ["level not a number", { AccessLevel: "full" }, 153],
  ["level empty", { AccessLevel: "" }, 153],
  ["level negative", { AccessLevel: "-1" }, 153],
  ["level above the bit set", { AccessLevel: "64" }, 153],

  ["username empty", { Username: "" }, 158],
  ["username blank", { Username: "   " }, 158],
  ["username of another client", { Username: "acme" }, 151],
  ["username of the designer, padded", { Username: " designer " }, 151],
  ["password of four characters", { Password: "1234" }, 159],
  ["password empty", { Password: "" }, 159],

  ["billing type missing", { BillingType: "" }, 160],
  ["billing type unknown", { BillingType: "ClientPaysLater" }, 160],
  ["billing type in the wrong case", { BillingType: "clientpayswithmarkup" }, 160],

  ["currency missing at standard rate", { BillingType: "ClientPaysAtStandardRate", Currency: "" }, 167],
  ["currency missing with markup", { Currency: "" }, 167],
  ["currency unknown", { Currency: "JPY" }, 167],
  ["currency in lower case", { Currency: "usd" }, 167],

  ["delivery fee missing", { DeliveryFee: "" }, 164],
  ["delivery fee with a symbol", { DeliveryFee: "$6" }, 164],
  ["delivery fee with an exponent", { DeliveryFee: "6e0" }, 164],
  ["cost per recipient missing", { CostPerRecipient: "" }, 165],
  ["cost per recipient not numeric", { CostPerRecipient: "1,5" }, 165],
  ["design fee missing with design tests", { DesignAndSpamTestFee: "" }, 166],
  ["design fee not numeric", { AccessLevel: "37", DesignAndSpamTestFee: "five" }, 166],

  ["delivery fee below standard", { DeliveryFee: "4.99" }, 168],
  ["delivery fee negative", { DeliveryFee: "-6" }, 168],
  ["cost per recipient below standard", { CostPerRecipient: "0.99" }, 169],
  ["design fee below standard", { DesignAndSpamTestFee: "4" }, 171],
  ["neither fee above standard", { DeliveryFee: "5", CostPerRecipient: "1" }, 170],
  [
    "neither fee above standard, in GBP",
    { Currency: "GBP", DeliveryFee: "3", CostPerRecipient: "0.6", DesignAndSpamTestFee: "3" },
    170,
  ],
];

describe("checkAccessAndBilling", () => {
  it("has a case for every code the spec lists for the operation (except 100 and 102, checked before)", () => {
    const listed = [0, 151, 153, 158, 159, 160, 164, 165, 166, 167, 168, 169, 170, 171];
    expect([...new Set(CASES.map(([, , code]) => code))].sort((a, b) => a - b)).toEqual(listed);
  });

  it.each(CASES)("%s → %i", (_label, patch, code) => {
    expect(check(patch)).toBe(code);
  });

  it("checks in the documented order", () => {
    // Each row breaks two rules; the earlier one in the order wins.
    expect(check({ AccessLevel: "4", Username: "" })).toBe(153);
    expect(check({ Username: "", Password: "" })).toBe(158);
    expect(check({ Username: "acme", Password: "" })).toBe(151);
    expect(check({ Password: "", BillingType: "" })).toBe(159);
    expect(check({ BillingType: "", Currency: "" })).toBe(160);
    expect(check({ Currency: "", DeliveryFee: "" })).toBe(167);
    expect(check({ DeliveryFee: "", CostPerRecipient: "" })).toBe(164);
    expect(check({ CostPerRecipient: "", DesignAndSpamTestFee: "" })).toBe(165);
    expect(check({ DesignAndSpamTestFee: "", DeliveryFee: "1" })).toBe(166);
    expect(check({ DeliveryFee: "1", CostPerRecipient: "0" })).toBe(168);
    expect(check({ CostPerRecipient: "0", DesignAndSpamTestFee: "0" })).toBe(169);
    expect(check({ DesignAndSpamTestFee: "0", DeliveryFee: "5", CostPerRecipient: "1" })).toBe(171);
  });

  it("does not ask about the username at level 0", () => {
    const asked: string[] = [];
    const code = checkAccessAndBilling({ ...valid, AccessLevel: "0" }, (u) => (asked.push(u), true));
    expect(code).toBe(0);
    expect(asked).toEqual([]);
  });

  it("accepts any markup at or above standard with at least one fee above it, in every currency", () => {
    const levels = ACCESS_LEVELS.filter((l) => accessAllows(l, ACCESS.createSendCampaigns));
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.constantFrom(...CURRENCIES),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.boolean(),
        (level, currency, extraCents, raise, raiseDelivery) => {
          const rate = STANDARD_RATES[currency];
          const delivery = rate.deliveryFee + (raiseDelivery ? raise / 100 : 0);
          const perRecipient = rate.costPerRecipient + (raiseDelivery ? 0 : raise / 100);
          const code = checkAccessAndBilling(
            {
              ...valid,
              AccessLevel: String(level),
              Currency: currency,
              DeliveryFee: delivery.toFixed(2),
              CostPerRecipient: perRecipient.toFixed(2),
              DesignAndSpamTestFee: (rate.designAndSpamTestFee + extraCents / 100).toFixed(2),
            },
            isTaken,
          );
          expect(code).toBe(0);
        },
      ),
    );
  });

  it("has a standard rate for every currency", () => {
    expect(Object.keys(STANDARD_RATES).sort()).toEqual([...CURRENCIES].sort());
    for (const rate of Object.values(STANDARD_RATES)) {
      expect(rate.deliveryFee).toBeGreaterThan(0);
      expect(rate.costPerRecipient).toBeGreaterThan(0);
      expect(rate.designAndSpamTestFee).toBeGreaterThan(0);
    }
  });
});
