/**
 * GraphiQL shows a deferred answer as it arrives: its Overview tab (each client's lists and
 * campaigns deferred) shows the clients while their lists are still being read, then the lists
 * merged in, over multipart/mixed, in Chromium against a gateway in front of a legacy service
 * that holds its Client.GetLists replies back until the test lets them go.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import type { Gateway } from "../../src/server.js";
import { startLegacyProxy, type LegacyProxy } from "../e2e/support/legacy-proxy.js";
import { startGateway, startStack } from "../support/stack.js";
import { forgetGraphiQLState, launchBrowser, startRun, type Browser } from "./support.js";

const BROWSER_TEST_MS = 120_000;

/** The legacy sandbox alone: the gateway runs behind a proxy in front of it. */
const startSandbox = () => startStack({ gateway: false });
let stack: Awaited<ReturnType<typeof startSandbox>>;
let proxy: LegacyProxy;
let gateway: Gateway;
let browser: Browser;
beforeAll(async () => {
  stack = await startSandbox();
  proxy = await startLegacyProxy(stack.legacy.url);
  [gateway, browser] = await Promise.all([startGateway(proxy.url), launchBrowser()]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await proxy?.close();
  await stack?.close();
});

/** The response pane's text, white space collapsed, once it matches `expected`. */
async function responseWhen(page: Page, expected: RegExp): Promise<string> {
  const response = page.locator(".graphiql-response");
  const deadline = Date.now() + 30_000;
  let text = "";
  while (Date.now() < deadline) {
    text = (await response.innerText()).replace(/\s+/g, " ");
    if (expected.test(text)) return text;
    await page.waitForTimeout(100);
  }
  throw new Error(`GraphiQL's response never matched ${String(expected)}; it shows: ${text.slice(0, 500)}`);
}

describe("GraphiQL's Overview tab", () => {
  it(
    "shows the clients first, then each client's lists as their part arrives",
    async () => {
      await forgetGraphiQLState(browser.context, gateway.url);
      const page = await browser.context.newPage();
      const release = proxy.hold("Client.GetLists");
      let released = false;
      try {
        const answered = page.waitForResponse((res) => res.request().postData()?.includes("query Overview") === true);
        await page.goto(`${gateway.url}/graphql`);
        await page.locator(".graphiql-query-editor .monaco-editor").first().waitFor();
        // The tab GraphiQL opens with is the Overview; run it as it stands.
        await startRun(page);
        expect((await answered).headers()["content-type"]).toMatch(/^multipart\/mixed/);

        // Every Client.GetLists is held: the clients are shown, and no list yet.
        const first = await responseWhen(page, /"name": "Wingtip Travel"/);
        expect(first).toContain('"name": "Northwind Traders"');
        expect(first).not.toContain('"lists"');

        release();
        released = true;
        // The deferred parts arrive and GraphiQL merges them in under each client (the pane shows
        // only the lines in view: the first client's lists, with their stats and custom fields).
        const all = await responseWhen(page, /"lists": \[.*"name": "Newsletter"/);
        expect(all).toMatch(/"stats": \{ "totalActiveSubscribers": \d+/);
        expect(all).toContain('"customFields"');
        expect(all).not.toContain("hasNext");
      } finally {
        if (!released) release();
        await page.close();
      }
    },
    BROWSER_TEST_MS,
  );
});
