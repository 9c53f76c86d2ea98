import { describe, expect, it } from "vitest";
import {
  checkTemplateUpdate,
  type SandboxFile,
  type TemplateUpdateInput,
} from "../../../src/sandbox/legacy/rules/template-update.js";

const SANDBOX = "http://sandbox.test/files/";

function sandbox(files: Record<string, SandboxFile>) {
  return (url: string): SandboxFile | "external" | undefined =>
    url.startsWith(SANDBOX) ? files[url.slice(SANDBOX.length)] : "external";
}

const page = (body: string) => `<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>${body}</body></html>`;
const TITLE = "<cm-title>Newsletter</cm-title>";
const UNSUBSCRIBE = "<cm-unsubscribe>Unsubscribe</cm-unsubscribe>";
const REPEATER =
  '<cm-repeater><cm-title>Item</cm-title><cm-description>Text</cm-description><cm-image width="200"></cm-repeater>';
/** A template with a title and an unsubscribe tag around `middle`. */
const tpl = (middle: string) => page(TITLE + middle + UNSUBSCRIBE);

const SCREENSHOT: SandboxFile = { kind: "image", format: "jpeg", width: 218 };
const ZIP: SandboxFile = { kind: "zip", entries: ["images/logo.png", "css/style.css", "Photos\\Team.JPG"] };

const base: TemplateUpdateInput = {
  TemplateName: "Monthly newsletter",
  HTMLPageURL: `${SANDBOX}index.html`,
  ZipFileURL: "",
  ScreenshotURL: "",
};

/** Runs Template.Update with `html` served at the HTML URL (and the zip, screenshot when asked). */
function content(html: string, opts: { zip?: boolean } = {}): number {
  const resolve = sandbox({ "index.html": { kind: "html", content: html }, "files.zip": ZIP, "shot.jpg": SCREENSHOT });
  const input = { ...base, ZipFileURL: opts.zip ? `${SANDBOX}files.zip` : "" };
  return checkTemplateUpdate(input, resolve).code;
}

describe("Template.Update content checks", () => {
  // [code, template triggering exactly that code, the same template fixed]
  const cases: [number, string, string][] = [
    [4101, page(UNSUBSCRIBE), page("<cm-description>Latest news</cm-description>" + UNSUBSCRIBE)],
    [4102, tpl("<cm-repeater><cm-title>A</cm-title>"), tpl("<cm-repeater><cm-title>A</cm-title></cm-repeater>")],
    [
      4103,
      tpl('<cm-repeater><cm-image src="a.png"></cm-repeater>'),
      tpl('<cm-repeater><cm-image src="a.png" width="200"></cm-repeater>'),
    ],
    [
      4104,
      tpl("<cm-repeater><p>Nothing</p></cm-repeater>"),
      tpl("<cm-repeater><p><cm-title>A</cm-title></p></cm-repeater>"),
    ],
    [4108, tpl(REPEATER + "<cm-toc><cm-repeatertitle/>"), tpl(REPEATER + "<cm-toc><cm-repeatertitle/></cm-toc>")],
    [
      4109,
      tpl(REPEATER + "<cm-toc><ul></ul></cm-toc>"),
      tpl(REPEATER + "<cm-toc><ul><li><cm-repeatertitle></li></ul></cm-toc>"),
    ],
    [4110, tpl(REPEATER + "<cm-repeatertitle/></cm-toc>"), tpl(REPEATER + "<cm-toc><cm-repeatertitle/></cm-toc>")],
    [4111, tpl(REPEATER + "<cm-repeatertitle/>"), tpl(REPEATER + "<cm-toc><cm-repeatertitle/></cm-toc>")],
    [4118, tpl("<cm-toc><cm-repeatertitle/></cm-toc>"), tpl("<cm-toc><cm-repeatertitle/></cm-toc>" + REPEATER)],
    [
      4120,
      tpl("<cm-repeater><cm-title>A</cm-title><cm-title>B</cm-title></cm-repeater>"),
      tpl("<cm-repeater><cm-title>A</cm-title><cm-description>B</cm-description></cm-repeater>"),
    ],
    [
      4121,
      tpl("<cm-repeater><cm-description>A</cm-description><cm-description>B</cm-description></cm-repeater>"),
      tpl("<cm-repeater><cm-description>A B</cm-description></cm-repeater>"),
    ],
    [
      4123,
      tpl('<cm-repeater><cm-image width="100"><cm-image width="100"></cm-repeater>'),
      tpl('<cm-repeater><cm-image width="200"></cm-repeater>'),
    ],
    [4124, tpl('<cm-image src="logo.png">'), tpl('<cm-image src="logo.png" width="120">')],
    [
      4125,
      page(TITLE + '<cm-unsubscribe><a href="http://example.com/u">Unsubscribe</a></cm-unsubscribe>'),
      page(TITLE + "<cm-unsubscribe><b>Unsubscribe</b></cm-unsubscribe>"),
    ],
    [4126, tpl("</cm-repeater>" + REPEATER), tpl(REPEATER)],
    [
      4127,
      tpl(REPEATER.replace("<cm-repeater>", "<cm-repeater toc>").repeat(2) + "<cm-toc><cm-repeatertitle/></cm-toc>"),
      tpl(REPEATER.replace("<cm-repeater>", "<cm-repeater toc>") + REPEATER + "<cm-toc><cm-repeatertitle/></cm-toc>"),
    ],
    [
      4128,
      tpl("<cm-repeater><cm-title>A</cm-title><cm-repeater><cm-title>B</cm-title></cm-repeater></cm-repeater>"),
      tpl("<cm-repeater><cm-title>A</cm-title></cm-repeater><cm-repeater><cm-title>B</cm-title></cm-repeater>"),
    ],
    [
      4129,
      tpl(
        "<table><cm-repeater><cm-row><tr><td><cm-title>A</cm-title></td></tr></cm-row><cm-row><tr><td>B</td></tr></cm-row></cm-repeater></table>",
      ),
      tpl(
        "<table><cm-repeater><cm-row><tr><td><cm-title>A</cm-title></td><td>B</td></tr></cm-row></cm-repeater></table>",
      ),
    ],
    [
      4201,
      tpl('<object type="application/x-shockwave-flash" data="movie.swf"></object>'),
      tpl('<object type="image/svg+xml" data="http://example.com/a.svg"></object>'),
    ],
    [4202, tpl("<script>alert(1)</script>"), tpl("<noscript>Plain</noscript>")],
    [4203, tpl('<applet code="Game.class" width="100"></applet>'), tpl("<p>No applet</p>")],
    [4300, page(TITLE), page(TITLE + UNSUBSCRIBE)],
    [
      4301,
      page(TITLE + UNSUBSCRIBE + "<!-- <cm-unsubscribe>old</cm-unsubscribe> -->"),
      page(TITLE + UNSUBSCRIBE + "<!-- old footer -->"),
    ],
    [4302, page(TITLE + "<cm-unsubscribe>No</cm-unsubscribe>"), page(TITLE + "<cm-unsubscribe>Nope</cm-unsubscribe>")],
    [
      4303,
      page(TITLE + "<cm-unsubscribe>Leave at www.example.com</cm-unsubscribe>"),
      page(TITLE + "<cm-unsubscribe>Leave this list</cm-unsubscribe>"),
    ],
    [4304, page(TITLE + "<cm-unsubscribe>Unsubscribe"), page(TITLE + "<cm-unsubscribe>Unsubscribe</cm-unsubscribe>")],
  ];

  it("has a case for every content code the spec lists", () => {
    const listed = [
      4101, 4102, 4103, 4104, 4108, 4109, 4110, 4111, 4118, 4120, 4121, 4123, 4124, 4125, 4126, 4127, 4128, 4129, 4201,
      4202, 4203, 4300, 4301, 4302, 4303, 4304,
    ];
    expect(cases.map(([code]) => code)).toEqual(listed);
  });

  it.each(cases)("%i: triggered by its template, gone once fixed", (code, broken, fixed) => {
    expect(content(broken)).toBe(code);
    expect(content(fixed)).toBe(0);
  });

  it.each<[number, string]>([
    [4201, tpl('<embed src="intro.SWF?v=2" width="400">')],
    [4201, tpl('<object classid="clsid:D27CDB6E-AE6D-11cf-96B8-444553540000"><param name="movie" value="a"></object>')],
    [4202, tpl('<SCRIPT src="http://example.com/a.js"></SCRIPT>')],
    [4203, tpl('<object type="application/x-java-applet" width="10"></object>')],
    [4203, tpl('<object classid="java:Game.class"></object>')],
    [4124, tpl('<cm-image width="100%">')],
    [4124, tpl('<cm-image width="0">')],
    [4103, tpl('<cm-repeater><cm-image width=""></cm-repeater>')],
    [4301, page(TITLE + "<!--" + UNSUBSCRIBE + "-->")],
    [4301, page(TITLE + UNSUBSCRIBE + "<!-- <cm-unsubscribe>")],
    [4302, page(TITLE + "<cm-unsubscribe/>")],
    [4302, page(TITLE + "<cm-unsubscribe> <i>&nbsp;Go</i> </cm-unsubscribe>")],
    [4303, page(TITLE + '<cm-unsubscribe href="http://example.com/u">Unsubscribe</cm-unsubscribe>')],
    [4303, page(TITLE + "<cm-unsubscribe>Write to mailto:leave@example.com</cm-unsubscribe>")],
    [4304, page(TITLE + "<cm-unsubscribe>One<cm-unsubscribe>Two</cm-unsubscribe>")],
    [4300, page(TITLE + "</cm-unsubscribe>")],
    [4110, tpl(REPEATER + "<cm-toc><cm-repeatertitle/></cm-toc><cm-repeatertitle/>")],
    [4109, tpl(REPEATER + "<cm-toc/>")],
    [4104, tpl("<cm-repeater/>")],
    [4126, tpl(REPEATER + "</cm-repeater>")],
  ])("%i also for %s", (code, html) => {
    expect(content(html)).toBe(code);
  });

  it.each([
    [
      "a full template",
      tpl(
        REPEATER +
          "<cm-toc><cm-repeatertitle></cm-toc>" +
          '<cm-image width="600"><cm-description>Intro</cm-description>',
      ),
    ],
    ["markup in comments is ignored", tpl("<!-- <script>x</script> <cm-repeater> -->")],
    ["upper-case tags", page("<CM-TITLE>Hi</CM-TITLE><CM-UNSUBSCRIBE>Unsubscribe</CM-UNSUBSCRIBE>")],
    ["several unsubscribe tags", tpl(UNSUBSCRIBE)],
    ["a flagged repeater and a plain one", tpl(REPEATER.replace("<cm-repeater>", '<cm-repeater toc="">') + REPEATER)],
    ["quoted > in attributes", tpl('<cm-image alt="a > b" width="10">')],
    [
      "a table repeater with one row",
      tpl("<cm-repeater><cm-row><tr><td><cm-title>A</cm-title></td></tr></cm-row></cm-repeater>"),
    ],
    ["unsubscribe text with entities", page(TITLE + "<cm-unsubscribe>Opt&#45;out &amp; leave</cm-unsubscribe>")],
  ])("%s passes", (_label, html) => {
    expect(content(html)).toBe(0);
  });

  it("checks in the documented order", () => {
    // Each template breaks two rules; the earlier one in the order wins.
    expect(content(page("<script></script>"))).toBe(4202); // forbidden before 4101 / 4300
    expect(content(tpl("</cm-repeater><cm-repeater><cm-repeater>"))).toBe(4126);
    expect(content(tpl("<cm-repeater><cm-repeater></cm-repeater>"))).toBe(4128);
    expect(content(tpl("<cm-repeater><p></p><cm-toc>"))).toBe(4102);
    expect(content(tpl("<cm-repeater><cm-row></cm-row><cm-row></cm-row></cm-repeater>"))).toBe(4129);
    expect(content(tpl("<cm-repeater></cm-repeater><cm-toc>"))).toBe(4104);
    expect(content(tpl('<cm-toc><cm-image src="a">'))).toBe(4108);
    expect(content(page(REPEATER + "<cm-image>"))).toBe(4124);
    expect(content(page('<cm-unsubscribe>ok!</cm-unsubscribe><img src="missing.png">'))).toBe(4101);
    expect(content(page(TITLE + "<cm-unsubscribe><a>x</a></cm-unsubscribe>"))).toBe(4125);
    expect(content(page(TITLE + "<cm-unsubscribe>http://</cm-unsubscribe>"))).toBe(4303);
  });
});

describe("Template.Update zip references (4350)", () => {
  it.each([
    ['<img src="images/missing.png">', 4350],
    ['<link rel="stylesheet" href="css/other.css">', 4350],
    ['<a href="../secret.txt">x</a>', 4350],
    ['<img src="images/logo.png">', 0],
    ['<img src="./images/logo.png?v=3#x">', 0],
    ['<img src="/Images/Logo.PNG">', 0],
    ['<img src="images/logo%2Epng">', 0],
    ['<img src="photos/team.jpg">', 0],
    ['<img src="https://cdn.example.com/logo.png"><a href="mailto:a@example.com">m</a>', 0],
    ['<a href="#top">top</a><a href="//cdn.example.com/x.css">c</a><a href="">e</a>', 0],
    ['<!-- <img src="images/missing.png"> -->', 0],
  ])("%s → %i", (middle, code) => {
    expect(content(tpl(middle), { zip: true })).toBe(code);
  });

  it("is not checked without a zip, nor when the zip is outside the sandbox", () => {
    const html = tpl('<img src="images/missing.png">');
    expect(content(html)).toBe(0);
    const resolve = sandbox({ "index.html": { kind: "html", content: html } });
    expect(checkTemplateUpdate({ ...base, ZipFileURL: "https://example.com/files.zip" }, resolve).code).toBe(0);
  });
});

describe("Template.Update parameters", () => {
  const html: SandboxFile = { kind: "html", content: tpl("") };
  const resolve = sandbox({
    "index.html": html,
    "files.zip": ZIP,
    "shot.jpg": SCREENSHOT,
    "narrow.jpg": { kind: "image", format: "jpeg", width: 217 },
    "shot.png": { kind: "image", format: "png", width: 600 },
    "shot.gif": { kind: "image", format: "gif", width: 600 },
  });
  const update = (patch: Partial<TemplateUpdateInput>) => checkTemplateUpdate({ ...base, ...patch }, resolve);

  it.each<[string, Partial<TemplateUpdateInput>, number]>([
    ["all optional files given", { ZipFileURL: `${SANDBOX}files.zip`, ScreenshotURL: `${SANDBOX}shot.jpg` }, 0],
    ["an external page (not checked)", { HTMLPageURL: "https://example.com/t.html" }, 0],
    [
      "an external zip and screenshot",
      { ZipFileURL: "http://example.com/z.zip", ScreenshotURL: "http://example.com/s.jpg" },
      0,
    ],
    ["padded URLs", { HTMLPageURL: `  ${SANDBOX}index.html `, ScreenshotURL: ` ${SANDBOX}shot.jpg` }, 0],
    ["blank optional URLs", { ZipFileURL: "  ", ScreenshotURL: " " }, 0],

    ["name empty", { TemplateName: "" }, 4002],
    ["name blank", { TemplateName: "   " }, 4003],
    ["name with markup", { TemplateName: "<b>News</b>" }, 4003],
    ["name with a tab", { TemplateName: "News\tletter" }, 4003],
    ["name with a newline", { TemplateName: "News\nletter" }, 4003],
    ["name with an unpaired surrogate", { TemplateName: "News \ud800" }, 4003],
    ["name with markup past 30 characters", { TemplateName: `${"x".repeat(40)}<` }, 4003],

    ["HTML URL empty", { HTMLPageURL: "" }, 4004],
    ["HTML URL blank", { HTMLPageURL: "  " }, 4004],
    ["HTML URL not a URL", { HTMLPageURL: "index.html" }, 4005],
    ["HTML URL relative", { HTMLPageURL: "/files/index.html" }, 4005],
    ["HTML URL ftp", { HTMLPageURL: "ftp://example.com/t.html" }, 4005],
    ["HTML URL with a space", { HTMLPageURL: "http://example.com/my page.html" }, 4005],
    ["HTML URL without host", { HTMLPageURL: "http://" }, 4005],
    ["HTML URL missing in the sandbox", { HTMLPageURL: `${SANDBOX}gone.html` }, 4005],
    ["HTML URL names a zip", { HTMLPageURL: `${SANDBOX}files.zip` }, 4005],
    ["HTML URL names an image", { HTMLPageURL: `${SANDBOX}shot.jpg` }, 4005],

    ["zip URL malformed", { ZipFileURL: "files.zip" }, 4006],
    ["zip URL missing in the sandbox", { ZipFileURL: `${SANDBOX}gone.zip` }, 4006],
    ["zip URL names a page", { ZipFileURL: `${SANDBOX}index.html` }, 4006],

    ["screenshot URL malformed", { ScreenshotURL: "javascript:alert(1)" }, 4007],
    ["screenshot missing in the sandbox", { ScreenshotURL: `${SANDBOX}gone.jpg` }, 4007],
    ["screenshot PNG", { ScreenshotURL: `${SANDBOX}shot.png` }, 4007],
    ["screenshot GIF", { ScreenshotURL: `${SANDBOX}shot.gif` }, 4007],
    ["screenshot 217 px wide", { ScreenshotURL: `${SANDBOX}narrow.jpg` }, 4007],
    ["screenshot is a zip", { ScreenshotURL: `${SANDBOX}files.zip` }, 4007],
  ])("%s → %i", (_label, patch, code) => {
    expect(update(patch).code).toBe(code);
  });

  it("checks name, page, zip, screenshot, then content", () => {
    expect(update({ TemplateName: "", HTMLPageURL: "" }).code).toBe(4002);
    expect(update({ TemplateName: " ", HTMLPageURL: "" }).code).toBe(4003);
    expect(update({ HTMLPageURL: "", ZipFileURL: "bad" }).code).toBe(4004);
    expect(update({ HTMLPageURL: "bad", ZipFileURL: "bad" }).code).toBe(4005);
    expect(update({ ZipFileURL: "bad", ScreenshotURL: "bad" }).code).toBe(4006);
    const broken = sandbox({ "index.html": { kind: "html", content: page("") } });
    expect(checkTemplateUpdate({ ...base, ScreenshotURL: "bad" }, broken).code).toBe(4007);
    expect(checkTemplateUpdate(base, broken).code).toBe(4101);
  });

  it("hands resolve the trimmed URL as given", () => {
    const asked: string[] = [];
    checkTemplateUpdate({ ...base, HTMLPageURL: " http://Example.com " }, (url) => (asked.push(url), "external"));
    expect(asked).toEqual(["http://Example.com"]);
  });

  it.each([
    ["a short name", "Monthly newsletter", "Monthly newsletter"],
    ["30 characters", "a".repeat(30), "a".repeat(30)],
    ["31 characters", "b".repeat(31), "b".repeat(30)],
    ["100 characters", "c".repeat(100), "c".repeat(30)],
    ["surrounding spaces", "  Spring sale  ", "Spring sale"],
    ["non-ASCII", "Frühjahrs-Aktion für Kunden", "Frühjahrs-Aktion für Kunden"],
    ["non-ASCII over 30", "Nouvelles de l'été à Montréal — édition spéciale", "Nouvelles de l'été à Montréal"],
    ["31 non-ASCII characters", "é".repeat(31), "é".repeat(30)],
    ["CJK", "月刊ニュースレター", "月刊ニュースレター"],
    ["astral characters cut whole", "📰".repeat(31), "📰".repeat(30)],
    ["an ampersand", "Sales & Marketing", "Sales & Marketing"],
  ])("stores %s", (_label, given, stored) => {
    const result = update({ TemplateName: given });
    expect(result).toEqual({ code: 0, name: stored });
    expect([...result.name].length).toBeLessThanOrEqual(30);
  });
});
