/**
 * The API key never shows in an error: every error kind is provoked with a recognisable key,
 * by a server that echoes the key back wherever it can.
 */
import type { ServerResponse } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacyTransport } from "../../../src/backends/legacy/catalog.js";
import { LegacyError, type LegacyErrorCode } from "../../../src/backends/legacy/errors.js";
import { escapeXml } from "../../../src/backends/legacy/xml.js";
import { listen } from "../../../src/util/listen.js";
import { must } from "../../support/must.js";
import { clientFor, scriptedServer, sendXml, type Received } from "./helpers.js";

const KEY = "SECRET-KEY-7f3a9c";
const MB = 1024 * 1024;

const replies: Record<string, (req: Received, res: ServerResponse) => void> = {
  result: (_req, res) => sendXml(res, `<Result><Code>100</Code><Message>Invalid API Key ${KEY}</Message></Result>`),
  fault: (req, res) =>
    sendXml(
      res,
      `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault>` +
        `<faultcode>soap:Client.${KEY}</faultcode><faultstring>bad request ${KEY} ${escapeXml(req.url)}</faultstring></soap:Fault></soap:Body></soap:Envelope>`,
      500,
    ),
  status: (req, res) => {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end(`Cannot process ${req.url} with ApiKey=${KEY}`);
  },
  malformed: (_req, res) => sendXml(res, `<${KEY}>x</${KEY}>`),
  malformedCode: (_req, res) => sendXml(res, `<Result><Code>${KEY}</Code><Message/></Result>`),
  html: (_req, res) => {
    res.writeHead(503, { "content-type": "text/html" });
    res.end(`<html><body>${KEY}</body></html>`);
  },
  empty: (_req, res) => res.end(),
  tooLarge: (_req, res) => sendXml(res, `<ArrayOfList>${KEY.repeat(Math.ceil((2 * MB) / KEY.length))}</ArrayOfList>`),
  unsafe: (_req, res) =>
    sendXml(res, `<!DOCTYPE ${KEY} [<!ENTITY ${KEY} "${KEY}">]><ArrayOfList>&${KEY};</ArrayOfList>`),
  timeout: () => {},
};

let mode = "result";
let server: Awaited<ReturnType<typeof scriptedServer>>;
beforeAll(async () => {
  server = await scriptedServer((req, res) => must(replies[mode], `a reply for mode ${mode}`)(req, res));
});
afterAll(() => server.close());

function expectNoKey(err: unknown): void {
  expect(err).toBeInstanceOf(LegacyError);
  const e = err as LegacyError;
  const texts = [e.message, String(e), JSON.stringify(e), e.stack ?? "", JSON.stringify(Object.entries(e))];
  const cause = e.cause as Error | undefined;
  if (cause) texts.push(String(cause.message), String(cause), JSON.stringify(cause));
  for (const text of texts) {
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
  }
}

async function errorOf(
  transport: LegacyTransport,
  run: (c: ReturnType<typeof clientFor>) => Promise<unknown>,
  url = server.url,
) {
  const client = clientFor(url, transport, { apiKey: KEY, limits: { headersTimeoutMs: 300, maxResponseBytes: MB } });
  try {
    return await run(client).then(
      () => undefined,
      (e: unknown) => e,
    );
  } finally {
    await client.close();
  }
}

describe("no error carries the API key", () => {
  const cases: [string, LegacyErrorCode][] = [
    ["result", "LEGACY_RESULT"],
    ["fault", "LEGACY_SOAP_FAULT"],
    ["status", "LEGACY_HTTP_STATUS"],
    ["malformed", "LEGACY_MALFORMED_REPLY"],
    ["malformedCode", "LEGACY_MALFORMED_REPLY"],
    ["html", "LEGACY_HTML_REPLY"],
    ["empty", "LEGACY_EMPTY_REPLY"],
    ["tooLarge", "LEGACY_REPLY_TOO_LARGE"],
    ["unsafe", "LEGACY_UNSAFE_XML"],
    ["timeout", "LEGACY_TIMEOUT"],
  ];
  for (const transport of ["get", "soap", "post"] as const) {
    it.each(cases)(`${transport}: %s → %s`, async (name, code) => {
      mode = name;
      const err = await errorOf(transport, (c) => c.call("Client.GetLists", { ClientID: 1 }));
      expect(err).toMatchObject({ code });
      expectNoKey(err);
    });
  }

  it("invalid input: a key or a value with a forbidden character", async () => {
    const badKey = await errorOf("get", (c) => c.call("User.GetClients", {}, { apiKey: `${KEY}\u0000` }));
    expect(badKey).toMatchObject({ code: "LEGACY_INVALID_INPUT", field: "ApiKey" });
    expectNoKey(badKey);
    const badValue = await errorOf("soap", (c) => c.call("Client.GetLists", { ClientID: `${KEY}\u0001` }));
    expect(badValue).toMatchObject({ code: "LEGACY_INVALID_INPUT", field: "ClientID" });
    expectNoKey(badValue);
  });

  it("unavailable: a refused connection", async () => {
    const closed = await listen((_req, res) => res.end());
    await closed.close();
    const err = await errorOf("get", (c) => c.call("Client.GetLists", { ClientID: 1 }), closed.url);
    expect(err).toMatchObject({ code: "LEGACY_UNAVAILABLE" });
    expectNoKey(err);
  });
});
