/** The demo people who exist in both sandboxes, as the README names them. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COMMERCE_DEMO, startCommerceSandbox, type CommerceSandbox } from "../../src/sandbox/commerce/index.js";
import { DEMO } from "../../src/sandbox/demo-data.js";
import { createLegacySandbox } from "../../src/sandbox/legacy/index.js";

let commerce: CommerceSandbox;
beforeAll(async () => {
  commerce = await startCommerceSandbox();
});
afterAll(() => commerce.close());

/** Every email of a commerce list with one status, through the API's own paging. */
async function emailsOf(listId: string, query: string): Promise<string[]> {
  const emails: string[] = [];
  let next: string | undefined = `${commerce.baseUrl}/customer-lists/${listId}/subscribers?limit=100${query}`;
  while (next) {
    const res = await fetch(next, { headers: { "x-apikey": COMMERCE_DEMO.apiKey, accept: "application/json" } });
    const body = (await res.json()) as { data: Array<{ email: string }>; meta: { nextPage?: string } };
    emails.push(...body.data.map((d) => d.email));
    next = body.meta.nextPage || undefined;
  }
  return emails;
}

describe("people in both sandboxes", () => {
  it("are active on the legacy Northwind newsletter", () => {
    const { store } = createLegacySandbox();
    for (const email of [COMMERCE_DEMO.people.ada, COMMERCE_DEMO.people.jose]) {
      expect(store.subscriber(DEMO.lists.newsletter, email)?.state).toBe("Active");
    }
  });

  it("are ada subscribed to cl_newsletter and cl_vip, jose pending on cl_newsletter", async () => {
    const { ada, jose } = COMMERCE_DEMO.people;
    expect(await emailsOf("cl_newsletter", "")).toContain(ada);
    expect(await emailsOf("cl_vip", "")).toContain(ada);
    expect(await emailsOf("cl_newsletter", "&pending=true")).toContain(jose);
    expect(await emailsOf("cl_newsletter", "")).not.toContain(jose);
    expect(await emailsOf("cl_vip", "")).not.toContain(jose);
  });

  it("leave every list's counts as they were", async () => {
    expect(await emailsOf("cl_newsletter", "")).toHaveLength(280);
    expect(await emailsOf("cl_newsletter", "&pending=true")).toHaveLength(25);
    expect(await emailsOf("cl_vip", "")).toHaveLength(60);
  });
});
