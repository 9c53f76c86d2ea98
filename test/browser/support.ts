/**
 * A real browser for the page tests: Debian's Chromium (/usr/bin/chromium, installed by .ci/run)
 * driven by playwright-core, headless, with a fresh profile directory per launch. When no browser
 * can be started the suite fails saying so, rather than skipping.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";

/** Where Debian's chromium package puts the browser. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** A launched browser: its one context (fresh profile) and how to close both. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Launches Chromium on a fresh user-data-dir; throws a message saying how to get one when it cannot. */
export async function launchBrowser(executablePath = CHROMIUM_PATH): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), "mailgraph-chromium-"));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      args: ARGS,
      headless: true,
      timeout: 30_000,
      // Tall, so GraphiQL's editors (which render only the lines in view) show whole responses.
      viewport: { width: 1400, height: 2400 },
    });
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    const reason = ((error as Error).message ?? String(error)).split("\n")[0];
    throw new Error(
      `No browser could be started for the browser tests: ${executablePath} did not launch (${reason}). ` +
        "Install Debian's chromium package (apt-get install -y chromium; .ci/run does this).",
      { cause: error },
    );
  }
  // Navigations wait for GraphiQL's large page to load, which takes a while on a busy machine.
  context.setDefaultTimeout(45_000);
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Forgets what GraphiQL kept in the browser's storage for `origin` (its tabs, the last operation name). */
export async function forgetGraphiQLState(context: BrowserContext, origin: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${origin}/health`);
    await page.evaluate(() => localStorage.clear());
  } finally {
    await page.close();
  }
}

/**
 * Replaces GraphiQL's current query with `source`, runs it, and returns the response pane's text
 * (white space collapsed) once it matches `expect`.
 */
export async function runInGraphiQL(page: Page, source: string, expect: RegExp): Promise<string> {
  const editor = page.locator(".graphiql-query-editor .monaco-editor").first();
  await editor.waitFor({ timeout: 45_000 });
  await editor.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  // insertText types the whole document at once, without the editor's bracket auto-closing.
  await page.keyboard.insertText(source);
  const run = page.locator(".graphiql-execute-button");
  await startRun(page);
  const response = page.locator(".graphiql-response");
  const deadline = Date.now() + 20_000;
  let text = "";
  while (Date.now() < deadline) {
    // Long lines wrap in the pane: compare with white space collapsed.
    text = (await response.innerText()).replace(/\s+/g, " ");
    if (expect.test(text)) return text;
    // GraphiQL reads the operation names of an edit after a debounce: a run that came first used
    // the previous document's name. Run again once it has caught up.
    if (text.includes("Cannot infer operation")) await run.click();
    await page.waitForTimeout(100);
  }
  throw new Error(`GraphiQL's response never matched ${String(expect)}; it shows: ${text.slice(0, 500)}`);
}

/**
 * Clicks GraphiQL's Run and returns once the run started: the button offers to stop it, or the
 * response pane shows something. A click that came before the IDE was ready to run (a busy machine)
 * left the button idle and the pane empty: it is clicked again, never while a run is going.
 */
export async function startRun(page: Page): Promise<void> {
  const button = page.locator(".graphiql-execute-button");
  const pane = page.locator(".graphiql-response");
  await button.click();
  const deadline = Date.now() + 30_000;
  let clicked = Date.now();
  while (Date.now() < deadline) {
    if (/stop/i.test((await button.getAttribute("aria-label")) ?? "")) return;
    if ((await pane.innerText()).trim() !== "") return;
    if (Date.now() - clicked > 3000) {
      await button.click();
      clicked = Date.now();
    }
    await page.waitForTimeout(100);
  }
  throw new Error("GraphiQL never started the run: its button stayed idle and its pane empty");
}
