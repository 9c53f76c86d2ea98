/** membership(): pages a list's listings to find an address, within a per-request page budget. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_DEMO } from "../../../src/sandbox/commerce/index.js";
import { startDomainRig, type DomainRig } from "./support.js";

let rig: DomainRig;
beforeAll(async () => {
  rig = await startDomainRig();
});
afterAll(() => rig.close());

const pages = () => rig.calls("GET /customer-lists/:id/subscribers");

describe("membership", () => {
  it("finds each demo person's state, and asks again for nothing", async () => {
    const service = rig.owner();
    const before = pages();
    expect(await service.membership("cl_newsletter", COMMERCE_DEMO.people.ada)).toEqual({
      status: "SUBSCRIBED",
      email: COMMERCE_DEMO.people.ada,
    });
    // Found in any ASCII case; the answer carries the address as the list holds it.
    expect(await service.membership("cl_newsletter", COMMERCE_DEMO.people.jose.toUpperCase())).toEqual({
      status: "PENDING",
      email: COMMERCE_DEMO.people.jose,
    });
    const spent = pages() - before;
    expect((await service.membership("cl_newsletter", COMMERCE_DEMO.people.jose))?.status).toBe("PENDING");
    expect(pages() - before).toBe(spent);
  });

  it("stops at the request's page budget instead of paging every list to its end", async () => {
    // cl_newsletter's 280 subscribed members take 3 pages of 100; a budget of 2 cannot finish.
    const service = rig.owner({ membershipPageBudget: 2 });
    const before = pages();
    await expect(service.membership("cl_newsletter", "nobody@example.com")).rejects.toThrow(
      /longer than this request may search/,
    );
    expect(pages() - before).toBe(2);
    await expect(service.membership("cl_vip", "nobody@example.com")).rejects.toThrow(
      /longer than this request may search/,
    );
    expect(pages() - before).toBe(2);
  });

  it("holds the budget exactly when lists are searched concurrently", async () => {
    const lists = Object.values(COMMERCE_DEMO.lists);
    const service = rig.owner({ membershipPageBudget: 1 });
    const before = pages();
    const settled = await Promise.allSettled(lists.map((list) => service.membership(list, "nobody@example.com")));
    for (const outcome of settled) {
      expect(outcome).toMatchObject({
        status: "rejected",
        reason: { message: expect.stringMatching(/this request may search/) },
      });
    }
    expect(pages() - before).toBe(1);

    // A larger budget is spent to the page, not past it: the three lists need 12 pages in all.
    const five = rig.owner({ membershipPageBudget: 5 });
    const from = pages();
    await Promise.allSettled(lists.map((list) => five.membership(list, "nobody@example.com")));
    expect(pages() - from).toBe(5);
  });

  it("spends nothing on pages the request already holds, even with the budget spent", async () => {
    const service = rig.owner({ membershipPageBudget: 0 });
    const before = pages();
    await service.subscribersPage(COMMERCE_DEMO.lists.vip, { status: "SUBSCRIBED", first: 100 });
    expect((await service.membership(COMMERCE_DEMO.lists.vip, COMMERCE_DEMO.people.ada))?.status).toBe("SUBSCRIBED");
    expect(pages() - before).toBe(1);
  });
});
