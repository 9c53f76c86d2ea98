import { describe, expect, it } from "vitest";
import {
  ACCESS,
  ACCESS_LEVELS,
  BILLING_TYPES,
  COUNTRIES,
  CURRENCIES,
  TIME_ZONES,
  US_STATES,
  accessAllows,
  isBillingType,
  isCurrency,
  isValidTimeZone,
  timeZoneOffsetMinutes,
} from "../../../src/backends/legacy/reference.js";

describe("access levels", () => {
  it("are exactly the spec's levels", () => {
    expect(ACCESS_LEVELS).toEqual([0, 1, 2, 3, 5, 7, 13, 15, 18, 19, 23, 31, 37, 39, 45, 47, 55, 63]);
  });

  it("are made of the six permission bits only", () => {
    const all = Object.values(ACCESS).reduce((a, b) => a | b, 0);
    expect(all).toBe(63);
    for (const level of ACCESS_LEVELS) expect(level & ~all).toBe(0);
  });

  // The dependencies that fix which bit means what (docs/decisions.md).
  it("grant campaign imports and design tests only with create/send, subscriber imports only with management", () => {
    for (const level of ACCESS_LEVELS) {
      if (accessAllows(level, ACCESS.campaignImports))
        expect(accessAllows(level, ACCESS.createSendCampaigns)).toBe(true);
      if (accessAllows(level, ACCESS.designAndSpamTests))
        expect(accessAllows(level, ACCESS.createSendCampaigns)).toBe(true);
      if (accessAllows(level, ACCESS.subscriberImports))
        expect(accessAllows(level, ACCESS.subscriberManagement)).toBe(true);
      if (accessAllows(level, ACCESS.createSendCampaigns)) expect(accessAllows(level, ACCESS.reports)).toBe(true);
    }
  });

  it("accessAllows reads single and combined bits", () => {
    expect(accessAllows(63, ACCESS.designAndSpamTests)).toBe(true);
    expect(accessAllows(31, ACCESS.designAndSpamTests)).toBe(false);
    expect(accessAllows(5, ACCESS.reports | ACCESS.createSendCampaigns)).toBe(true);
    expect(accessAllows(5, ACCESS.reports | ACCESS.subscriberManagement)).toBe(false);
    expect(accessAllows(0, ACCESS.reports)).toBe(false);
    expect(accessAllows(1.5, ACCESS.reports)).toBe(false);
  });
});

describe("billing types and currencies", () => {
  it("are the spec's wire values, all six currencies", () => {
    expect(BILLING_TYPES).toEqual(["UserPaysOnClientsBehalf", "ClientPaysAtStandardRate", "ClientPaysWithMarkup"]);
    expect(CURRENCIES).toEqual(["USD", "GBP", "EUR", "CAD", "AUD", "NZD"]);
  });

  it("match exactly", () => {
    expect(isBillingType("ClientPaysWithMarkup")).toBe(true);
    expect(isBillingType("clientpayswithmarkup")).toBe(false);
    expect(isCurrency("NZD")).toBe(true);
    expect(isCurrency("usd")).toBe(false);
    expect(isCurrency("JPY")).toBe(false);
  });
});

describe("time zones", () => {
  it.each([
    ["(GMT+10:00) Canberra, Melbourne, Sydney", 600],
    ["(GMT) Casablanca, Monrovia", 0],
    ["(GMT) Greenwich Mean Time : Dublin, Edinburgh, Lisbon, London", 0],
    ["(GMT-05:00) Eastern Time (US & Canada)", -300],
    ["(GMT-03:30) Newfoundland", -210],
    ["(GMT+05:45) Kathmandu", 345],
    ["(GMT+05:30) Chennai, Kolkata, Mumbai, New Delhi", 330],
    ["(GMT+13:00) Nuku'alofa", 780],
  ])("%s is offset %i minutes and valid", (tz, minutes) => {
    expect(timeZoneOffsetMinutes(tz)).toBe(minutes);
    expect(isValidTimeZone(tz)).toBe(true);
  });

  it.each([
    "",
    "Australia/Melbourne",
    "GMT+10:00 Canberra",
    "(GMT+10:00)",
    "(GMT+10:00) ",
    "(GMT+10:00)Canberra",
    "(GMT+10) Canberra",
    "(GMT+1:00) Canberra",
    "(GMT 10:00) Canberra",
    "(UTC+10:00) Canberra",
    "(GMT+15:00) Nowhere",
    "(GMT+10:60) Nowhere",
    "(GMT+10:00) Canberra\nSydney",
    " (GMT) Casablanca, Monrovia",
  ])("%j is wrongly formatted", (tz) => {
    expect(timeZoneOffsetMinutes(tz)).toBeUndefined();
    expect(isValidTimeZone(tz)).toBe(false);
  });

  it("a well-formed zone the service does not list is not valid", () => {
    expect(timeZoneOffsetMinutes("(GMT+10:00) Atlantis")).toBe(600);
    expect(isValidTimeZone("(GMT+10:00) Atlantis")).toBe(false);
  });

  it("every listed zone is well formed, unique, and offsets run from -12:00 to +13:00 in order", () => {
    expect(new Set(TIME_ZONES).size).toBe(TIME_ZONES.length);
    const offsets = TIME_ZONES.map((tz) => timeZoneOffsetMinutes(tz));
    expect(offsets.every((o) => o !== undefined)).toBe(true);
    expect(offsets).toEqual([...offsets].sort((a, b) => a! - b!));
    expect(offsets[0]).toBe(-720);
    expect(offsets.at(-1)).toBe(780);
    expect(offsets.some((o) => o! % 60 === 30 || o! % 60 === -30)).toBe(true);
    expect(offsets.some((o) => o! % 60 === 45)).toBe(true);
  });
});

describe("countries and states", () => {
  it("hold the names the service uses, without duplicates", () => {
    expect(COUNTRIES).toEqual(
      expect.arrayContaining(["Australia", "United Kingdom", "United States of America", "New Zealand"]),
    );
    expect(COUNTRIES.length).toBeGreaterThan(230);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.every((c) => c === c.trim() && c !== "")).toBe(true);
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES).size).toBe(51);
    expect(US_STATES).toEqual(expect.arrayContaining(["California", "New York", "District of Columbia", "Wyoming"]));
  });
});
