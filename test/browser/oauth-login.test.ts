/**
 * The commerce OAuth login in a real browser, against `npm start` with its embedded sandboxes in
 * token mode on a port picked at run time: GraphiQL, the sandbox's authorize page, approve (all
 * scopes, or only read_segments) or reject, back on GraphiQL with a session cookie.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { exit, output, runEntry } from "../support/child-process.js";
import { must } from "../support/must.js";
import { forgetGraphiQLState, launchBrowser, runInGraphiQL, type Browser } from "./support.js";

const SUBSCRIBERS = `query BrowserSubscribers { store { customerList(listId: "cl_newsletter") { subscribers(first: 2) { totalCount edges { node { email } } } } } }`;
const SEGMENTS_AND_SUBSCRIBERS = `query BrowserScoped { store { segments { segmentId } customerList(listId: "cl_newsletter") { subscribers(first: 2) { totalCount } } } }`;

/** A page test's time limit: GraphiQL is a large page, and the machine may be busy with other suites. */
const BROWSER_TEST_MS = 90_000;

let gateway: ChildProcessWithoutNullStreams;
let exited: Promise<{ code: number | null; stderr: string }>;
let url: string;
let browser: Browser;

beforeAll(async () => {
  gateway = runEntry("src/main.ts", {
    PORT: "0",
    SANDBOX_LEGACY_PORT: "0",
    SANDBOX_COMMERCE_PORT: "0",
    AUTH_MODE: "token",
    GATEWAY_SECRET: "browser-suite-gateway-secret-32-bytes-long",
    LOG_LEVEL: "warn",
  });
  exited = exit(gateway);
  const [out, launched] = await Promise.all([output(gateway, /commerce REST sandbox\s+http:\S+/), launchBrowser()]);
  browser = launched;
  url = must(/GraphiQL\s+(http:\/\/\S+)\/graphql/.exec(out)?.[1], "the GraphiQL URL in the output");
}, 60_000);
afterAll(async () => {
  await browser?.close();
  gateway?.kill("SIGINT");
  await exited;
});
beforeEach(async () => {
  // Each test is a new visitor: no session, no GraphiQL tabs from the test before.
  await browser.context.clearCookies();
  await forgetGraphiQLState(browser.context, url);
});

describe("the OAuth login in Chromium", () => {
  it(
    "logs in from GraphiQL through the authorize page, approves, and queries subscribers (read_customers)",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${url}/graphql`);
      // Not logged in yet: GraphiQL shows the gateway's 401 UNAUTHENTICATED.
      expect(await runInGraphiQL(page, SUBSCRIBERS, /UNAUTHENTICATED/)).toContain("gateway token is required");

      await page.locator("#mailgraph-login").click();
      await page.waitForURL(/\/oauth\/authorize\?/);
      expect(await page.title()).toBe("Authorize Demo Partner App");
      // The sandbox registered the gateway's own callback, on the port it actually listens on.
      const redirectUri = await page.locator('input[name="redirect_uri"]').inputValue();
      expect(redirectUri).toBe(`${url}/auth/commerce/callback`);
      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL(`${url}/graphql`);

      const cookies = await browser.context.cookies(url);
      const session = must(
        cookies.find((c) => c.name === "mailgraph_session"),
        "the session cookie",
      );
      expect({ httpOnly: session.httpOnly, sameSite: session.sameSite }).toEqual({ httpOnly: true, sameSite: "Lax" });
      expect(await page.evaluate(() => document.cookie)).not.toContain("mailgraph_session");

      const response = await runInGraphiQL(page, SUBSCRIBERS, /totalCount/);
      expect(response).toMatch(/"totalCount":\s*\d+/);
      expect(response).toMatch(/"email":\s*"[^"]+@[^"]+"/);
      expect(response).not.toContain("errors");
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "logs in when GraphiQL was opened on localhost rather than the callback's 127.0.0.1, and queries with the session",
    async () => {
      const local = url.replace("//127.0.0.1:", "//localhost:");
      expect(local).not.toBe(url);
      await forgetGraphiQLState(browser.context, local);
      const page = await browser.context.newPage();
      await page.goto(`${local}/graphql`);
      await page.locator("#mailgraph-login").click();
      await page.waitForURL(/\/oauth\/authorize\?/);
      await page.getByRole("button", { name: "Approve" }).click();
      // The login moved to the callback's host name before it started, so its cookie was there.
      await page.waitForURL(`${url}/graphql`);
      expect((await browser.context.cookies(url)).map((c) => c.name)).toContain("mailgraph_session");
      const response = await runInGraphiQL(page, SUBSCRIBERS, /totalCount/);
      expect(response).toMatch(/"totalCount":\s*\d+/);
      expect(response).not.toContain("errors");
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "a rejection on the authorize page ends on a page saying access was not granted",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${url}/auth/commerce/login`);
      await page.getByRole("button", { name: "Reject" }).click();
      await page.waitForURL(/\/auth\/commerce\/callback\?/);
      expect(await page.locator("h1").innerText()).toBe("Access was not granted");
      expect(await page.locator("#message").innerText()).toContain("rejected");
      expect(await page.getByRole("link", { name: "Log in again" }).getAttribute("href")).toBe("/auth/commerce/login");
      expect((await browser.context.cookies(url)).map((c) => c.name)).not.toContain("mailgraph_session");
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "the authorize page ties each write_ box to its read_ box: unticking read_ unticks write_, ticking write_ ticks read_",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${url}/auth/commerce/login`);
      const box = (scope: string) => page.locator(`input[type="checkbox"][name="grant"][value="${scope}"]`);
      expect(await page.locator(".hint").innerText()).toContain("A write_ scope includes its read_ scope");
      await box("read_segments").uncheck();
      expect(await box("write_segments").isChecked()).toBe(false);
      expect(await box("read_customers").isChecked()).toBe(true);
      await box("write_segments").check();
      expect(await box("read_segments").isChecked()).toBe(true);
      // Unticking write_ alone leaves read_ as it was.
      await box("write_customers").uncheck();
      expect(await box("read_customers").isChecked()).toBe(true);
      await page.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "a login granting only read_segments gets FORBIDDEN on subscribers, and the segments",
    async () => {
      const page = await browser.context.newPage();
      await page.goto(`${url}/auth/commerce/login`);
      const boxes = page.locator('input[type="checkbox"][name="grant"]');
      for (const box of await boxes.all()) {
        if ((await box.getAttribute("value")) !== "read_segments") await box.uncheck();
      }
      await page.getByRole("button", { name: "Approve" }).click();
      await page.waitForURL(`${url}/graphql`);
      const response = await runInGraphiQL(page, SEGMENTS_AND_SUBSCRIBERS, /FORBIDDEN/);
      expect(response).toContain('"seg_all"');
      expect(response).toMatch(/"subscribers":\s*null/);
      expect(response).toContain("read_customers");
      await page.close();
    },
    BROWSER_TEST_MS,
  );
});

describe("the browser suite", () => {
  it("fails with a clear message when no browser can be started", async () => {
    await expect(launchBrowser("/nonexistent/chromium")).rejects.toThrow(
      /^No browser could be started for the browser tests: \/nonexistent\/chromium did not launch .*apt-get install -y chromium/,
    );
  });
});
