import { describe, expect, it } from "vitest";
import { UnreadableValueError } from "../../../src/domain/errors.js";
import { wireInt } from "../../../src/domain/legacy/models.js";
import { checkReplyIds } from "../../../src/domain/legacy/reply-ids.js";

const refused = (read: () => unknown, what: string) => {
  expect(read).toThrow(UnreadableValueError);
  expect(read).toThrow(`The legacy list service sent an unreadable ${what}.`);
};

const template = (id: string) => ({ TemplateID: id, Name: "T", PreviewURL: "", ScreenshotURL: "" });
const campaign = (id: string) => ({ CampaignID: id, Subject: "S", Name: "N", SentDate: "", TotalRecipients: "1" });

describe("ids of legacy replies (domain/legacy/reply-ids.ts)", () => {
  it("answer a reply whose records all have distinct ids as it came", () => {
    const reply = [campaign("1"), campaign("2")];
    expect(checkReplyIds("Client.GetCampaigns", reply)).toBe(reply);
    expect(checkReplyIds("Client.GetCampaigns", [])).toEqual([]);
  });

  it("refuse an id that is empty or only white space, in collections and in a single record", () => {
    refused(
      () => checkReplyIds("Client.GetCampaigns", [campaign("1"), campaign(" \t")]),
      "Client.GetCampaigns reply (an entry with no CampaignID)",
    );
    refused(
      () => checkReplyIds("Client.GetTemplates", [template("")]),
      "Client.GetTemplates reply (an entry with no TemplateID)",
    );
    refused(() => checkReplyIds("Template.GetDetail", template(" ")), "Template.GetDetail reply (with no TemplateID)");
    refused(
      () => checkReplyIds("Client.GetSegments", [{ ListID: "1", Name: "" }]),
      "Client.GetSegments reply (an entry with no Name)",
    );
    refused(
      () => checkReplyIds("Campaign.GetUnsubscribes", [{ EmailAddress: " ", ListID: "1" }]),
      "Campaign.GetUnsubscribes reply (an entry with no EmailAddress)",
    );
  });

  it("refuse two records with one id; a segment is its list and name together", () => {
    refused(
      () => checkReplyIds("Client.GetTemplates", [template("7"), template("7")]),
      "Client.GetTemplates reply (two entries with one TemplateID)",
    );
    const segments = [
      { ListID: "1", Name: "a" },
      { ListID: "1", Name: "b" },
      { ListID: "2", Name: "a" },
    ];
    expect(checkReplyIds("Client.GetSegments", segments)).toBe(segments);
    refused(
      () => checkReplyIds("Client.GetSegments", [...segments, { ListID: "2", Name: "a" }]),
      "Client.GetSegments reply (two entries with one ListID and Name)",
    );
  });

  it("let repeat what has no id of its own: a campaign's lists and its per-subscriber records", () => {
    const lists = [
      { ListID: "1", Name: "List" },
      { ListID: "1", Name: "Segment of it" },
    ];
    expect(checkReplyIds("Campaign.GetLists", lists)).toBe(lists);
    const opens = [
      { EmailAddress: "a@example.com", ListID: "1", NumberOfOpens: "2" },
      { EmailAddress: "a@example.com", ListID: "1", NumberOfOpens: "2" },
    ];
    expect(checkReplyIds("Campaign.GetOpens", opens)).toBe(opens);
  });
});

describe("counts (wireInt)", () => {
  it("refuse a negative count, also minus zero; blank is still 0", () => {
    refused(() => wireInt("-5", "TotalBounced"), "TotalBounced");
    refused(() => wireInt(" -0 ", "Clicks"), "Clicks");
    expect(wireInt("", "Clicks")).toBe(0);
    expect(wireInt(" 0 ", "Clicks")).toBe(0);
    expect(wireInt("2147483647", "Clicks")).toBe(2147483647);
    refused(() => wireInt("2147483648", "Clicks"), "Clicks");
  });
});
