/**
 * GraphiQL's page in Chromium against `npm start` with its embedded sandboxes: the tabs a reload
 * (and the return from a login) opens, an empty document's error, the login strip (only the action
 * that applies, who is logged in, no pane covered), what the tabs say after a store login in token
 * mode, and the live-events demo run from another browser tab.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import type { Page } from "playwright-core";
import { exit, output, runEntry } from "../support/child-process.js";
import { must } from "../support/must.js";
import { forgetGraphiQLState, launchBrowser, runInGraphiQL, type Browser } from "./support.js";

/** A page test's time limit: GraphiQL is a large page, and the machine may be busy with other suites. */
const BROWSER_TEST_MS = 120_000;

const ADD_SUBSCRIBER = `mutation BrowserAddSubscriber { addSubscriber(input: { listId: "bGVnYWN5Okxpc3Q6WyIxMDAwMSIsIjIwMDAxIl0", email: "live.demo@example.com", name: "Live Demo" }) { __typename } }`;

interface Started {
  process: ChildProcessWithoutNullStreams;
  exited: Promise<{ code: number | null; stderr: string }>;
  url: string;
}

/** `npm start` on ports picked at run time, with `env`. */
async function start(env: Record<string, string>): Promise<Started> {
  const child = runEntry("src/main.ts", {
    PORT: "0",
    SANDBOX_LEGACY_PORT: "0",
    SANDBOX_COMMERCE_PORT: "0",
    LOG_LEVEL: "warn",
    ...env,
  });
  const exited = exit(child);
  const out = await output(child, /commerce REST sandbox\s+http:\S+/);
  const url = must(/GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(out)?.[1], "the GraphiQL URL in the output");
  return { process: child, exited, url };
}

/** How long a page may take to show a change on a busy machine (expect.poll waits 1 s by default). */
const POLL_MS = 15_000;

let token: Started;
let open: Started;
let browser: Browser;

beforeAll(async () => {
  [token, open, browser] = await Promise.all([
    start({ AUTH_MODE: "token", GATEWAY_SECRET: "browser-suite-gateway-secret-32-bytes-long" }),
    start({}),
    launchBrowser(),
  ]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  for (const gateway of [token, open]) gateway?.process.kill("SIGINT");
  await Promise.all([token?.exited, open?.exited]);
});
beforeEach(async () => {
  // Each test is a new visitor: no session, no GraphiQL tabs from the test before.
  await browser.context.clearCookies();
  await forgetGraphiQLState(browser.context, token.url);
  await forgetGraphiQLState(browser.context, open.url);
});

/** GraphiQL's tab titles and the active one's, once the IDE is up. */
async function tabs(page: Page): Promise<{ titles: string[]; active: string }> {
  await page.locator(".graphiql-query-editor .monaco-editor").first().waitFor();
  const titles = (await page.locator(".graphiql-tab").allInnerTexts()).map((t) => t.trim());
  const active = (await page.locator(".graphiql-tab-active").innerText()).trim();
  return { titles, active };
}

/** Opens GraphiQL's tab named `title`. */
async function openTab(page: Page, title: string): Promise<void> {
  await page.locator(".graphiql-tab", { hasText: title }).locator("button").first().click();
  await expect.poll(async () => (await tabs(page)).active, { timeout: POLL_MS }).toBe(title);
}

/** Logs in from the strip's link, approving `grant` (default: every scope offered). */
async function logIn(page: Page, url: string, grant?: string): Promise<void> {
  await page.locator("#mailgraph-login").click();
  await page.waitForURL(/\/oauth\/authorize\?/);
  if (grant) {
    for (const box of await page.locator('input[type="checkbox"][name="grant"]').all()) {
      if ((await box.getAttribute("value")) !== grant) await box.uncheck();
    }
  }
  await page.getByRole("button", { name: "Approve" }).click();
  await page.waitForURL(`${url}/graphql`);
}

/** The response pane's text once it matches `expected` (white space collapsed). */
async function response(page: Page, expected: RegExp): Promise<string> {
  const deadline = Date.now() + 30_000;
  let text = "";
  while (Date.now() < deadline) {
    text = (await page.locator(".graphiql-response").innerText()).replace(/\s+/g, " ");
    if (expected.test(text)) return text;
    await page.waitForTimeout(100);
  }
  throw new Error(`GraphiQL's response never matched ${String(expected)}; it shows: ${text.slice(0, 500)}`);
}

/**
 * Runs the open tab's document and returns the response once it matches `expected`. A click that
 * came before the IDE was ready to run left the pane empty and the button idle: it is clicked again.
 */
async function run(page: Page, expected: RegExp): Promise<string> {
  const button = page.locator(".graphiql-execute-button");
  await button.click();
  const deadline = Date.now() + 30_000;
  let clicked = Date.now();
  let text = "";
  while (Date.now() < deadline) {
    text = (await page.locator(".graphiql-response").innerText()).replace(/\s+/g, " ");
    if (expected.test(text)) return text;
    const idle = (await button.getAttribute("aria-label"))?.startsWith("Execute");
    if (idle && text.trim() === "" && Date.now() - clicked > 3000) {
      await button.click();
      clicked = Date.now();
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`GraphiQL's response never matched ${String(expected)}; it shows: ${text.slice(0, 500)}`);
}

/**
 * Runs the open tab's subscription and returns once GraphiQL's button offers to stop it. A click
 * that came before the IDE was ready left the button idle and the pane empty: it is clicked again;
 * a subscription that ended at once (the pane shows why) fails the test with that text.
 */
async function startSubscription(page: Page): Promise<void> {
  const button = page.locator(".graphiql-execute-button");
  await button.click();
  const deadline = Date.now() + 30_000;
  let clicked = Date.now();
  while (Date.now() < deadline) {
    const label = (await button.getAttribute("aria-label")) ?? "";
    if (/stop/i.test(label)) return;
    const text = (await page.locator(".graphiql-response").innerText()).replace(/\s+/g, " ").trim();
    if (text !== "") throw new Error(`The subscription ended at once; GraphiQL shows: ${text.slice(0, 500)}`);
    if (Date.now() - clicked > 3000) {
      await button.click();
      clicked = Date.now();
    }
    await page.waitForTimeout(100);
  }
  throw new Error("GraphiQL's button never offered to stop the subscription");
}

const DEFAULT_TABS = ["Overview", "Store", "Person", "ListFeed"];

describe("GraphiQL's tabs", () => {
  it(
    "a reload, and the return from a login, open the tab that was open, and no empty <untitled> one",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${token.url}/graphql`);
      expect(await tabs(page)).toEqual({ titles: DEFAULT_TABS, active: "Overview" });
      await page.reload();
      expect(await tabs(page)).toEqual({ titles: DEFAULT_TABS, active: "Overview" });

      await openTab(page, "Person");
      // GraphiQL stores its tabs shortly after a change.
      await page.waitForFunction(() => localStorage.getItem("graphiql:tabState")?.includes('"activeTabIndex":2'));
      await page.reload();
      expect(await tabs(page)).toEqual({ titles: DEFAULT_TABS, active: "Person" });

      // A login started here comes back to the Store tab: what a store login runs.
      await logIn(page, token.url);
      expect(await tabs(page)).toEqual({ titles: DEFAULT_TABS, active: "Store" });
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "running an empty document shows the syntax error without a stack trace",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${open.url}/graphql`);
      await tabs(page);
      await page.locator(".graphiql-tab-add").click();
      expect((await tabs(page)).active).toBe("<untitled>");
      const text = await run(page, /Unexpected <EOF>/);
      expect(text).not.toContain("stack");
      expect(text).not.toMatch(/\bat .*graphql:\d+/);
      await page.close();
    },
    BROWSER_TEST_MS,
  );
});

describe("the login strip", () => {
  /** Whether two boxes overlap. */
  const overlap = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it(
    "offers only the action that applies, says who is logged in, and covers none of GraphiQL's panes",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${token.url}/graphql`);
      await tabs(page);
      const login = page.locator("#mailgraph-login");
      const logout = page.locator("#mailgraph-logout");
      await expect.poll(() => login.isVisible(), { timeout: POLL_MS }).toBe(true);
      expect(await logout.isVisible()).toBe(false);
      expect(await page.locator("#mailgraph-auth").innerText()).toContain("Not logged in to the store.");

      const strip = must(await page.locator("#mailgraph-auth").boundingBox(), "the strip's box");
      for (const pane of [".graphiql-sessions", ".graphiql-sidebar", ".graphiql-response", ".graphiql-editors"]) {
        const box = must(await page.locator(pane).first().boundingBox(), `${pane}'s box`);
        expect(overlap(strip, box), `the strip covers ${pane}`).toBe(false);
      }

      await logIn(page, token.url, "read_segments");
      await expect.poll(() => logout.isVisible(), { timeout: POLL_MS }).toBe(true);
      expect(await login.isVisible()).toBe(false);
      const session = await page.locator("#mailgraph-session").innerText();
      expect(session).toMatch(/^Logged in to the store until .+\. Scopes: read_segments\.$/);

      await logout.click();
      await page.waitForURL(`${token.url}/graphql`);
      await expect.poll(() => login.isVisible(), { timeout: POLL_MS }).toBe(true);
      expect(await logout.isVisible()).toBe(false);
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "after a store login in token mode, the Store tab runs and Overview says how to bring a legacy key",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${token.url}/graphql`);
      await tabs(page);
      // The Store tab is picked from the tabs GraphiQL stored, which it does a moment after it starts.
      await page.waitForFunction(() => localStorage.getItem("graphiql:tabState") !== null);
      await logIn(page, token.url);
      expect((await tabs(page)).active).toBe("Store");
      expect(await run(page, /"segments"/)).toContain('"seg_all"');

      await openTab(page, "Overview");
      const text = await run(page, /UNAUTHENTICATED/);
      expect(text).toContain("npm run token -- --legacy-api-key <key>");
      expect(text).not.toContain("configure LEGACY_API_KEY");
      await page.close();
    },
    BROWSER_TEST_MS,
  );
});

describe("the live-events demo", () => {
  it(
    "ListFeed says to add the subscriber from another browser tab, and the event arrives there",
    async () => {
      const feed = await browser.context.newPage();
      await feed.goto(`${open.url}/graphql`);
      await tabs(feed);
      await openTab(feed, "ListFeed");
      const text = (await feed.locator(".graphiql-query-editor").innerText()).replace(/\s+/g, " ");
      expect(text).toContain("another browser tab");
      expect(text).toContain('not GraphiQL\'s "+"');
      // The subscription runs: the button stops it now.
      await startSubscription(feed);

      const writer = await browser.context.newPage();
      await writer.goto(`${open.url}/graphql`);
      await tabs(writer);
      await writer.locator(".graphiql-tab-add").click();
      expect(await runInGraphiQL(writer, ADD_SUBSCRIBER, /__typename/)).toContain('"AddSubscriberSuccess"');

      const event = await response(feed, /SubscribeEvent/);
      expect(event).toContain('"live.demo@example.com"');
      await writer.close();
      await feed.close();
    },
    BROWSER_TEST_MS,
  );
});
